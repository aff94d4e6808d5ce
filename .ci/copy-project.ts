/**
 * `node .ci/copy-project.ts PREFIX ENTRY...`: a copy of the project for CI's shell
 * (tests/support/project-copy.ts); prints the copy's folder.
 */
import { copyProject } from '../tests/support/project-copy.ts';

const [prefix, ...entries] = process.argv.slice(2);
if (!prefix || entries.length === 0) {
  console.error('usage: node .ci/copy-project.ts PREFIX ENTRY...');
  process.exit(2);
}
console.log(copyProject(prefix, entries));
