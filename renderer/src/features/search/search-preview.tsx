// Search preview: a search as an AI app would run it, through the supervised server (a real MCP
// round trip). The form (search-form.tsx) is checked as it is typed; the results
// (search-results.tsx) page forwards with the server's cursor and back along the cursors used.
import { useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { RootView } from '#shared/contract/ipc.js';
import { toIpcError } from '../../app/bridge.js';
import { Button, EmptyState, PageHeader, Section } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import { useApp } from '../../app/app-state.js';
import { presetRange } from '../../ui/format.js';
import type { RangePreset } from '../../ui/format.js';
import { buildArguments, checkForm } from './search-args.js';
import type { FormState } from './search-args.js';
import { SearchForm } from './search-form.js';
import { Results } from './search-results.js';
import type { Outcome, PageStep, SearchBusy } from './search-outcome.js';
import './search.css';

function initialForm(roots: RootView[] | null): FormState {
  return {
    root: defaultRootName(roots),
    path: '',
    timeField: 'modified',
    from: '',
    to: '',
    preset: 'any',
    fileType: 'any',
    nameContains: '',
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
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    saved = { form, outcome };
  }, [form, outcome]);

  // Keep the folder choice valid when folders are added, renamed or removed.
  const effectiveForm: FormState =
    roots === null || roots.some((r) => r.name === form.root)
      ? form
      : { ...form, root: defaultRootName(roots) };
  const problems = checkForm(effectiveForm);

  const update = <K extends keyof FormState>(key: K, value: FormState[K]): void =>
    setForm((current) => ({ ...current, [key]: value }));

  const applyPreset = (preset: RangePreset): void => {
    const range = presetRange(preset);
    setForm((current) => ({ ...current, ...range, preset }));
  };

  // Runs one page: `trail` ends with the page to fetch (its cursor, and how many came before).
  const execute = async (
    args: Record<string, unknown>,
    trail: PageStep[],
    kind: Exclude<SearchBusy, null>,
  ): Promise<void> => {
    if (busy) return;
    setBusy(kind);
    const rootPath = roots?.find((r) => r.name === args.root)?.path;
    const cursor = trail.at(-1)?.cursor;
    const request = cursor ? { ...args, cursor } : args;
    try {
      const run = await bridge.invoke('search:run', request);
      setOutcome({ args, trail, run, failure: null, rootPath });
    } catch (error) {
      setOutcome({ args, trail, run: null, failure: toIpcError(error), rootPath });
    } finally {
      setBusy(null);
    }
    // Paging moves to the results' heading; Search keeps focus on its button (the count is
    // announced by the status line).
    if (kind !== 'search') headingRef.current?.focus();
  };

  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    void execute(buildArguments(effectiveForm), [{ cursor: null, offset: 0 }], 'search');
  };

  const run = outcome?.run?.ok ? outcome.run : null;
  const current = outcome?.trail.at(-1);
  const onNext =
    outcome && run && run.result.nextCursor && current
      ? () =>
          void execute(
            outcome.args,
            [
              ...outcome.trail,
              { cursor: run.result.nextCursor, offset: current.offset + run.result.stats.returned },
            ],
            'next',
          )
      : null;
  const onPrevious =
    outcome && outcome.trail.length > 1
      ? () => void execute(outcome.args, outcome.trail.slice(0, -1), 'previous')
      : null;

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
            level={2}
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
        description="See what an AI app would find in the folders you allowed. Nothing is sent to any AI app."
      />
      <Section>
        <SearchForm
          form={effectiveForm}
          problems={problems}
          roots={roots ?? []}
          busy={busy === 'search'}
          update={update}
          applyPreset={applyPreset}
          onSubmit={onSubmit}
          onReset={() => setForm(initialForm(roots))}
        />
      </Section>
      <Results
        outcome={outcome}
        busy={busy}
        headingRef={headingRef}
        onNext={onNext}
        onPrevious={onPrevious}
      />
    </>
  );
}
