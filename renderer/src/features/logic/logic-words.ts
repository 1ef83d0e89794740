// A logic's problem in words for a person, from its parts (shared/tools/logic.ts): the `.json`
// beside a logic is its "settings file", a JSON syntax error a typing mistake, a link a shortcut.
import type { LogicProblem } from '#shared/tools/logic.js';
import { formatBytes } from '../../ui/format.js';

/** What is wrong with a logic, as one sentence. */
export function plainLogicProblem(p: LogicProblem): string {
  const file = p.sidecar ? `Its settings file ${p.file}` : `The file ${p.file}`;
  const x = p.problem;
  switch (x.kind) {
    case 'too-large':
      return `${file} is too large (${formatBytes(x.bytes)}; at most ${formatBytes(x.limit)}).`;
    case 'unreadable':
      return `${file} cannot be read.`;
    case 'changed':
      return `${file} changed while FolderGate read it. Try again.`;
    case 'not-utf8':
      return `${file} is not plain text (UTF-8).`;
    case 'not-regular':
      return `${file} is not an ordinary file.`;
    case 'hard-link':
      return `${file} is a second name of a file that may be somewhere else. Copy the file into the catalog instead.`;
    case 'link':
      return `${file} is a shortcut (link); shortcuts are not followed.`;
    case 'folder':
      return `${file} is a folder, not a file.`;
    case 'empty':
      return `${file} is empty.`;
    case 'not-json':
      return x.line === null
        ? `${file} has a typing mistake, so it cannot be read.`
        : `${file} has a typing mistake at line ${x.line}, column ${x.column}, so it cannot be read.`;
    case 'invalid':
      return `${file} has a value FolderGate cannot use: ${x.issues}.`;
    case 'name-rule':
      return `The name breaks the naming rule: ${x.rule}.`;
  }
}
