// No word a person reads is written into a component: ESLint (with the project's config) fails a
// screen that holds literal text anywhere (JSX, a label, a const, a ternary, a template, a state's
// first value, an UPPER_CASE const, a default) and passes the same screen through `t`, with its
// class names, test ids, channel names, CSS values and keys.
import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#testing/repo.js';

const eslint = new ESLint({ cwd: REPO_ROOT });

/** The literal-text messages for `code` as a component file. */
async function literalErrors(code: string): Promise<string[]> {
  const file = path.join(REPO_ROOT, 'renderer/src/features/folders/planted.tsx');
  const [result] = await eslint.lintText(code, { filePath: file });
  // A planted text that does not parse would pass every rule: it is a broken test.
  expect(result?.messages.filter((m) => m.fatal) ?? [], code).toEqual([]);
  return (result?.messages ?? [])
    .filter(
      (m) =>
        m.ruleId === 'i18next/no-literal-string' ||
        (m.ruleId === 'no-restricted-syntax' && m.message.includes('catalog')),
    )
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

  it('fails lint: words outside JSX, wherever they wait to be shown', async () => {
    const planted = [
      "export function A() {\n  const label = 'Add a folder';\n  return <p>{label}</p>;\n}",
      "export function A(p: { on: boolean }) {\n  const state = p.on ? 'On' : 'Off';\n  return <p>{state}</p>;\n}",
      "export function A() {\n  const [note] = useState('Nothing yet');\n  return <p>{note}</p>;\n}",
      'export function A(p: { n: number }) {\n  return <p>{`Found ${p.n}`}</p>;\n}',
      'export function A(p: { n: number }) {\n  const text = `${p.n} files found`;\n  return <p>{text}</p>;\n}',
      "const rows = [{ id: 'a', title: 'Allowed folders' }];\nexport const A = () => <p>{rows[0]!.title}</p>;",
      "function label(): string {\n  return 'Unknown';\n}\nexport const A = () => <p>{label()}</p>;",
      "export const A = () => <p>{'폴더를 추가하세요'}</p>;",
      "const EMPTY_TEXT = 'No folders yet';\nexport const A = () => <p>{EMPTY_TEXT}</p>;",
      'const HINT = `Choose a folder`;\nexport const A = () => <p>{HINT}</p>;',
      "export function A({ title = 'Your folders' }: { title?: string }) {\n  return <h2>{title}</h2>;\n}",
      "export function A() {\n  setError('Something went wrong');\n  return null;\n}",
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

  it('passes what is not words: keys, channel names, ids, codes, CSS, MIME types, selectors', async () => {
    const code = [
      "import { useT } from '../../ui/i18n.js';",
      "const CHANGED = 'foldergate:clients-changed';",
      "const FOLDER_PROBLEMS = new Set(['RootReplaced', 'PathNotFound']);",
      'export function A(p: { reason: string | null; top: number; ok: boolean; label: string }) {',
      '  const t = useT();',
      "  const testId = 'folder-row';",
      "  const sort = 'time_desc';",
      "  const type = p.ok ? 'text/csv;charset=utf-8' : 'application/x-ndjson;charset=utf-8';",
      '  const transform = `translateY(${p.top}px)`;',
      '  const selector = \'[data-testid="folder-path-input"], [data-testid="choose-folder"]\';',
      "  const classes = ['btn', `btn-${p.reason ?? 'none'}`].join(' ');",
      "  void bridge.invoke('settings:startOver', {});",
      '  document.title = `${p.label} — FolderGate`;',
      "  if (p.reason === 'Not indexed') return null;",
      '  return (',
      "    <p className={`callout callout-${p.ok ? 'ok' : 'warn'}`} style={{ width: '100%', transform }}",
      '       data-testid={testId} data-sort={sort} data-type={type} data-sel={selector} data-c={classes}>',
      "      {t(`readiness.reasons.${p.reason ?? 'notIndexed'}`)} {CHANGED} {FOLDER_PROBLEMS.size}",
      '    </p>',
      '  );',
      '}',
    ].join('\n');
    expect(await literalErrors(code)).toEqual([]);
  });

  it('lets one lowercase word through (a key or a name looks the same; written down in eslint.config.js)', async () => {
    expect(await literalErrors("export const A = () => <p>{'folders'}</p>;")).toEqual([]);
  });
});
