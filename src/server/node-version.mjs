/**
 * The Node.js version the server needs, checked in plain JavaScript before any TypeScript loads:
 * an older Node fails while parsing a `.ts` file, before a check written in it could run.
 * 24 is what is tested (CI, the container image); the `.ts` entry point needs type stripping
 * without a flag and node:sqlite its backup() API (22.18 has both, but it is not tested here).
 * package.json's `engines` and `.nvmrc` say the same (tests/unit/server/launch.test.ts).
 */
export const REQUIRED_NODE_MAJOR = 24;

/**
 * @param {string} version `process.versions.node`, e.g. "24.21.0"
 * @returns {string | undefined} the one line to print when this Node cannot run the server
 */
export function nodeVersionProblem(version) {
  const major = Number(version.split('.')[0]);
  if (Number.isInteger(major) && major >= REQUIRED_NODE_MAJOR) return undefined;
  return `This site needs Node.js ${REQUIRED_NODE_MAJOR} or later, and this is Node.js ${version}: install Node ${REQUIRED_NODE_MAJOR} (see .nvmrc), run it through npm scripts after "npm install" (which installs it), or use the container image.`;
}
