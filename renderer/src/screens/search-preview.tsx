// Search preview: every fs.search_by_time option as a form, run through the supervised server
// (a real MCP round trip), with a results table, stats, paging and errors as code/message/fix.
import { useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { RootView } from '../../../shared/ipc.js';
import { toIpcError } from '../bridge.js';
import { Button, EmptyState, Icon, PageHeader, Section } from '../components/ui.js';
import { useApp } from '../lib/app-state.js';
import { presetRange } from '../lib/format.js';
import type { RangePreset } from '../lib/format.js';
import { buildArguments } from '../lib/search-args.js';
import type { FormState } from '../lib/search-args.js';
import { SearchForm } from './search-form.js';
import { Results } from './search-results.js';
import type { Outcome, SearchBusy } from './search-results.js';

function initialForm(roots: RootView[] | null): FormState {
  return {
    root: defaultRootName(roots),
    path: '',
    timeField: 'modified',
    from: '',
    to: '',
    preset: 'any',
    glob: '',
    recursive: true,
    maxDepth: '',
    includeFiles: true,
    includeDirectories: false,
    includeUnknownTime: false,
    sort: 'time_desc',
    limit: '100',
  };
}

function defaultRootName(roots: RootView[] | null): string {
  return roots?.find((r) => r.isDefault)?.name ?? roots?.[0]?.name ?? '';
}

// The form and last result survive switching screens within one session.
let saved: { form: FormState; outcome: Outcome | null } | null = null;

/** The Search preview screen. */
export function SearchPreviewScreen(props: { onGoToFolders(): void }): ReactNode {
  const { bridge, roots } = useApp();
  const [form, setForm] = useState<FormState>(() => saved?.form ?? initialForm(roots));
  const [outcome, setOutcome] = useState<Outcome | null>(saved?.outcome ?? null);
  const [busy, setBusy] = useState<SearchBusy>(null);
  const resultsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    saved = { form, outcome };
  }, [form, outcome]);

  // Keep the folder choice valid when folders are added, renamed or removed.
  const effectiveForm: FormState =
    roots === null || roots.some((r) => r.name === form.root)
      ? form
      : { ...form, root: defaultRootName(roots) };

  const update = <K extends keyof FormState>(key: K, value: FormState[K]): void =>
    setForm((current) => ({ ...current, [key]: value }));

  const applyPreset = (preset: RangePreset): void => {
    const range = presetRange(preset);
    setForm((current) => ({ ...current, ...range, preset }));
  };

  const execute = async (
    args: Record<string, unknown>,
    page: number,
    kind: 'search' | 'next' | 'first',
  ): Promise<void> => {
    setBusy(kind);
    const rootPath = roots?.find((r) => r.name === args.root)?.path;
    try {
      const run = await bridge.invoke('search:run', args);
      setOutcome({ args, page, run, failure: null, rootPath });
    } catch (error) {
      setOutcome({ args, page, run: null, failure: toIpcError(error), rootPath });
    } finally {
      setBusy(null);
    }
    if (kind !== 'search') resultsRef.current?.focus();
  };

  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    void execute(buildArguments(effectiveForm), 1, 'search');
  };

  const nextCursor = outcome?.run?.ok ? outcome.run.result.nextCursor : null;
  const baseArgs = outcome ? withoutCursor(outcome.args) : null;

  if (roots !== null && roots.length === 0) {
    return (
      <>
        <PageHeader
          title="Search preview"
          description="Try a search exactly as an AI app would run it."
        />
        <Section>
          <EmptyState
            title="Add a folder first"
            icon={Icon.search}
            testId="search-empty"
            action={
              <Button variant="primary" onClick={props.onGoToFolders}>
                Go to Folders
              </Button>
            }
          >
            The preview searches the folders AI apps may use. You have not allowed any folder yet.
          </EmptyState>
        </Section>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Search preview"
        description="Try a search exactly as an AI app would run it: by modified or created time, in the folders you allowed."
      />
      <Section>
        <SearchForm
          form={effectiveForm}
          roots={roots ?? []}
          busy={busy === 'search'}
          disabled={busy !== null}
          update={update}
          applyPreset={applyPreset}
          onSubmit={onSubmit}
          onReset={() => setForm(initialForm(roots))}
        />
      </Section>
      <div ref={resultsRef} tabIndex={-1} className="results-anchor" aria-label="Search results">
        <Results
          outcome={outcome}
          busy={busy}
          onNext={
            nextCursor && baseArgs && outcome
              ? () => void execute({ ...baseArgs, cursor: nextCursor }, outcome.page + 1, 'next')
              : null
          }
          onFirst={
            baseArgs && outcome && outcome.page > 1
              ? () => void execute(baseArgs, 1, 'first')
              : null
          }
        />
      </div>
    </>
  );
}

function withoutCursor(args: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...args };
  delete copy.cursor;
  return copy;
}
