/**
 * Starts the server: `npm run serve` and the container's CMD run `node src/server/launch.mjs`;
 * `npm start` adds `--build-if-needed`, which builds first when there is no build or the sources or
 * build-time settings changed since it was made. Plain JavaScript on purpose: it must run (and
 * say what is wrong) on a Node too old to load the TypeScript server.
 */
import { nodeVersionProblem } from './node-version.mjs';

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
if (process.argv.includes('--build-if-needed')) {
  // Every setting first, the server's own too: a bad PORT or SMTP_URL is one line now, not after a
  // build of minutes that the server then cannot use.
  const { loadSettings, settingsOrExit } = await import('./settings.ts');
  settingsOrExit(loadSettings);
  await import('../build/build-if-needed.ts');
}
await import('./main.ts');
