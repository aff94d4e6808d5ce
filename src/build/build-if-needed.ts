/**
 * `npm start`'s first half: builds (in a child process, so the build's memory is gone before the
 * server starts) only when there is no build or its stamp no longer matches the sources and the
 * build-time settings.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadBuildSettings, settingsOrExit } from '../config/build-settings.ts';
import { buildNeeded } from './stamp.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const reason = buildNeeded(root, settingsOrExit(loadBuildSettings));
if (reason) {
  console.log(`Building first (${reason}).`);
  const build = spawnSync(process.execPath, [fileURLToPath(new URL('./build.ts', import.meta.url))], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  console.log('The build is up to date: serving it.');
}
