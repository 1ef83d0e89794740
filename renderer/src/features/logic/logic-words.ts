// A logic's problem in words for a person, from its parts (shared/tools/logic.ts): the `.json`
// beside a logic is its "settings file", a JSON syntax error a typing mistake, a link a shortcut.
import '../../app/later-words.js'; // its words come with the later screens
import type { LogicProblem } from '#shared/tools/logic.js';
import { formatBytes } from '../../ui/format.js';
import { t } from '#shared/i18n/i18n.js';

/** What is wrong with a logic, as one sentence. */
export function plainLogicProblem(p: LogicProblem): string {
  const file = p.sidecar
    ? t('logic.problem.sidecar', { file: p.file })
    : t('logic.problem.file', { file: p.file });
  const x = p.problem;
  switch (x.kind) {
    case 'too-large':
      return t('logic.problem.too-large', {
        file,
        bytes: formatBytes(x.bytes),
        limit: formatBytes(x.limit),
      });
    case 'unreadable':
    case 'changed':
    case 'not-utf8':
    case 'not-regular':
    case 'hard-link':
    case 'link':
    case 'folder':
    case 'empty':
      return t(`logic.problem.${x.kind}`, { file });
    case 'not-json':
      return x.line === null
        ? t('logic.problem.notJson', { file })
        : t('logic.problem.notJsonAt', { file, line: x.line, column: x.column ?? '' });
    case 'invalid':
      return t('logic.problem.invalid', { file, issues: x.issues });
    case 'name-rule':
      return t('logic.problem.nameRule', { rule: x.rule });
  }
}
