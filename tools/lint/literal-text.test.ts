// No word a person reads is written into a component: ESLint (with the project's config) fails a
// screen that renders literal text or a literal label, and passes the same screen through `t`.
import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#testing/repo.js';

const eslint = new ESLint({ cwd: REPO_ROOT });

async function literalErrors(code: string): Promise<string[]> {
  const file = path.join(REPO_ROOT, 'renderer/src/features/folders/planted.tsx');
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'i18next/no-literal-string')
    .map((m) => m.message);
}

describe('literal text in a component', () => {
  it('fails lint: JSX text, a label, an aria-label, a placeholder, a title', async () => {
    const planted = [
      'export const Banner = () => <p>Add a folder</p>;',
      'export const Path = () => <Field label="Folder path" />;',
      'export const Remove = () => <button aria-label="Remove Documents" />;',
      'export const Name = () => <input placeholder="e.g. invoice" />;',
      'export const Folders = () => <Section title="Allowed folders" />;',
      "export const State = (p: { on: boolean }) => <p>{p.on ? 'On' : 'Off'}</p>;",
    ];
    for (const code of planted) expect(await literalErrors(code), code).not.toEqual([]);
  });

  it('passes through the catalog, and for class names, test ids and punctuation', async () => {
    const code = [
      "import { useT } from '../../ui/i18n.js';",
      'export function A() {',
      '  const t = useT();',
      '  return <p className="muted inline-status" data-testid="folders-empty" title={t(\'folders.title\')}>',
      '    {t(\'folders.emptyBody\')} <span aria-hidden="true">·</span>',
      '  </p>;',
      '}',
    ].join('\n');
    expect(await literalErrors(code)).toEqual([]);
  });
});
