// Search preview: a search as an AI app would run it, through the supervised server (a real MCP
// round trip), in one folder or all of them. The form (search-form.tsx) is checked as it is
// typed; the results (search-results.tsx) show 25 rows at a time, merged across folders in the
// tool's order (use-search-session.ts). Below them, the prompts a person can use in their AI app
// (search-prompts.tsx).
import '../../app/later-words.js';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button, EmptyState, PageHeader, Section } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import { useApp } from '../../app/app-state.js';
import { presetRange } from '../../ui/format.js';
import type { RangePreset } from '../../ui/format.js';
import { ALL_FOLDERS, buildArguments, checkForm } from './search-args.js';
import type { FormState } from './search-args.js';
import { SearchForm } from './search-form.js';
import { PromptsPreview } from './search-prompts.js';
import { Results } from './search-results.js';
import { useSearchSession } from './use-search-session.js';
import { rootsFor, SearchAs } from './search-as.js';
import './search.css';
import { useT } from '../../ui/i18n.js';
import { ScreenHelp } from '../../app/screen-help.js';

function initialForm(): FormState {
  return {
    root: ALL_FOLDERS,
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
    kinds: [],
    minSize: '',
    minUnit: 'MB',
    maxSize: '',
    maxUnit: 'MB',
  };
}

// The form survives switching screens within one session.
let saved: FormState | null = null;

/** The Search preview screen. */
export function SearchPreviewScreen(props: { onGoToFolders(): void }): ReactNode {
  const { roots: listed, view } = useApp();
  const [form, setForm] = useState<FormState>(() => saved ?? initialForm());
  const [searchAs, setSearchAs] = useState<string | null>(null);
  // What the chosen app may search now (every app: each folder whose time has not ended).
  const roots = listed === null ? null : rootsFor(listed, view.settings, searchAs);
  const { session, start, showMore, stop } = useSearchSession();
  const [preset, setPreset] = useState<RangePreset | null>(null);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const t = useT();

  useEffect(() => {
    saved = form;
  }, [form]);

  // Keep the folder choice valid when folders are added, renamed or removed.
  const effectiveForm: FormState =
    roots === null || form.root === ALL_FOLDERS || roots.some((r) => r.name === form.root)
      ? form
      : { ...form, root: ALL_FOLDERS };
  const problems = checkForm(effectiveForm);

  const update = <K extends keyof FormState>(key: K, value: FormState[K]): void =>
    setForm((current) => ({ ...current, [key]: value }));

  const applyPreset = (next: RangePreset): void => {
    const range = presetRange(next);
    setForm((current) => ({ ...current, ...range, preset: next }));
  };

  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    const { root, ...args } = buildArguments(effectiveForm);
    const all = roots ?? [];
    const targets = root === undefined ? all : all.filter((r) => r.name === root);
    setPreset(effectiveForm.preset);
    setFocusRow(null);
    start(args, targets, searchAs);
  };

  if (listed !== null && listed.length === 0) {
    return (
      <>
        <PageHeader title={t('search.title')} description={t('search.emptyDescription')} />
        <ScreenHelp screen="search" />
        <Section>
          <EmptyState
            title={t('search.addFirst')}
            level={2}
            icon={Icon.search}
            testId="search-empty"
            action={
              <Button variant="primary" onClick={props.onGoToFolders}>
                {t('search.goToFolders')}
              </Button>
            }
          >
            {t('search.addFirstBody')}
          </EmptyState>
        </Section>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('search.title')} description={t('search.description')} />
      <ScreenHelp screen="search" />
      <Section>
        <SearchAs value={searchAs} onChange={setSearchAs} />
        <SearchForm
          form={effectiveForm}
          problems={problems}
          roots={roots ?? []}
          busy={session?.status === 'running' && session.rows.length === 0}
          update={update}
          applyPreset={applyPreset}
          onSubmit={onSubmit}
          onReset={() => setForm(initialForm())}
        />
      </Section>
      <Results
        session={session}
        preset={preset}
        headingRef={headingRef}
        // The button pressed goes away (the live count, or nothing left to show): the keyboard
        // waits on the results' heading, then moves to the first row it brought.
        focusRow={focusRow}
        onShowMore={() => {
          setFocusRow(session?.rows.length ?? null);
          showMore();
          headingRef.current?.focus();
        }}
        onStop={() => {
          stop();
          headingRef.current?.focus();
        }}
      />
      <PromptsPreview />
    </>
  );
}
