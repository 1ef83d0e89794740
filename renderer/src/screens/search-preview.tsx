// Search preview: every fs.search_by_time option as a form, run through the supervised server
// (a real MCP round trip), with a results table, stats, paging and errors as code/message/fix.
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { IpcError, IpcResponse, RootView } from '../../../shared/ipc.js';
import { SEARCH_LIMITS, SORTS, TIME_FIELDS } from '../../../shared/search-by-time.js';
import type { SearchMatch, Sort, TimeField } from '../../../shared/search-by-time.js';
import { Badge, Button, Callout, EmptyState, ErrorCallout, Icon, PageHeader, Section, Spinner } from '../components/ui.js';
import { useApp } from '../lib/app-state.js';
import { formatBytes, formatDuration, formatLocal, formatLocalFull, inputValueToIso, plural, presetRange, relativeTo } from '../lib/format.js';
import type { RangePreset } from '../lib/format.js';
import { toIpcError } from '../bridge.js';

type SearchRun = IpcResponse<'search:run'>;

interface FormState {
  root: string;
  path: string;
  timeField: TimeField;
  from: string;
  to: string;
  preset: RangePreset | null;
  glob: string;
  recursive: boolean;
  maxDepth: string;
  includeFiles: boolean;
  includeDirectories: boolean;
  includeUnknownTime: boolean;
  sort: Sort;
  limit: string;
}

interface Outcome {
  args: Record<string, unknown>;
  page: number;
  run: SearchRun | null;
  failure: IpcError | null;
  rootPath: string | undefined;
}

const PRESETS: { id: RangePreset; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: 'last7', label: 'Last 7 days' },
  { id: 'last30', label: 'Last 30 days' },
  { id: 'any', label: 'Any time' },
];

const SORT_LABELS: Record<Sort, string> = {
  time_desc: 'Newest first',
  time_asc: 'Oldest first',
  path_asc: 'By path (A–Z)',
};

const TIME_LABELS: Record<TimeField, string> = { modified: 'Modified', created: 'Created' };

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

/** The arguments for fs.search_by_time; empty fields are left out so the tool's defaults apply. */
export function buildArguments(form: FormState): Record<string, unknown> {
  const args: Record<string, unknown> = { timeField: form.timeField };
  if (form.root) args.root = form.root;
  if (form.path.trim()) args.path = form.path.trim();
  const from = form.from ? (inputValueToIso(form.from) ?? form.from) : null;
  const to = form.to ? (inputValueToIso(form.to) ?? form.to) : null;
  if (from) args.from = from;
  if (to) args.to = to;
  if (form.glob.trim()) args.glob = form.glob.trim();
  args.recursive = form.recursive;
  if (form.recursive && form.maxDepth.trim() !== '') args.maxDepth = Number(form.maxDepth);
  args.includeFiles = form.includeFiles;
  args.includeDirectories = form.includeDirectories;
  if (form.timeField === 'created') args.includeUnknownTime = form.includeUnknownTime;
  args.sort = form.sort;
  if (form.limit.trim() !== '') args.limit = Number(form.limit);
  return args;
}

/** The Search preview screen. */
export function SearchPreviewScreen(props: { onGoToFolders(): void }): ReactNode {
  const { bridge, roots, view } = useApp();
  const [form, setForm] = useState<FormState>(() => saved?.form ?? initialForm(roots));
  const [outcome, setOutcome] = useState<Outcome | null>(saved?.outcome ?? null);
  const [busy, setBusy] = useState<'search' | 'next' | 'first' | null>(null);
  const resultsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    saved = { form, outcome };
  }, [form, outcome]);

  // Keep the folder choice valid when folders are added, renamed or removed.
  const effectiveForm: FormState =
    roots === null || roots.some((r) => r.name === form.root) ? form : { ...form, root: defaultRootName(roots) };

  const update = <K extends keyof FormState>(key: K, value: FormState[K]): void => setForm((current) => ({ ...current, [key]: value }));

  const applyPreset = (preset: RangePreset): void => {
    const range = presetRange(preset);
    setForm((current) => ({ ...current, ...range, preset }));
  };

  const execute = async (args: Record<string, unknown>, page: number, kind: 'search' | 'next' | 'first'): Promise<void> => {
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
        <PageHeader title="Search preview" description="Try a search exactly as an AI app would run it." />
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
      {view.settings.paused ? (
        <Callout tone="warning" title="AI access is paused" role="note">
          <p>Searches are refused while paused, here and in every AI app. Resume access to preview results.</p>
        </Callout>
      ) : null}
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
          onNext={nextCursor && baseArgs && outcome ? () => void execute({ ...baseArgs, cursor: nextCursor }, outcome.page + 1, 'next') : null}
          onFirst={baseArgs && outcome && outcome.page > 1 ? () => void execute(baseArgs, 1, 'first') : null}
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

function SearchForm(props: {
  form: FormState;
  roots: RootView[];
  busy: boolean;
  disabled: boolean;
  update<K extends keyof FormState>(key: K, value: FormState[K]): void;
  applyPreset(preset: RangePreset): void;
  onSubmit(event: FormEvent): void;
  onReset(): void;
}): ReactNode {
  const { form, update } = props;
  const id = useId();
  const f = (name: string): string => `${id}-${name}`;
  return (
    <form className="search-form" onSubmit={props.onSubmit} aria-label="Search options" data-testid="search-form">
      <div className="form-grid form-grid-3">
        <div className="field">
          <label className="field-label" htmlFor={f('root')}>
            Folder
          </label>
          <select id={f('root')} className="input" value={form.root} onChange={(e) => update('root', e.target.value)} data-testid="search-root">
            {props.roots.map((root) => (
              <option key={root.path} value={root.name}>
                {root.name}
                {root.isDefault ? ' (default)' : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={f('path')}>
            Start in subfolder <span className="muted">(optional)</span>
          </label>
          <input
            id={f('path')}
            className="input input-mono"
            value={form.path}
            placeholder="e.g. reports/2025"
            maxLength={SEARCH_LIMITS.pathMaxLength}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => update('path', e.target.value)}
            data-testid="search-path"
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={f('glob')}>
            Name pattern <span className="muted">(optional)</span>
          </label>
          <input
            id={f('glob')}
            className="input input-mono"
            value={form.glob}
            placeholder="e.g. *.pdf or invoices/**/*.xlsx"
            maxLength={SEARCH_LIMITS.globMaxLength}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => update('glob', e.target.value)}
            aria-describedby={f('glob-hint')}
            data-testid="search-glob"
          />
          <p className="field-hint" id={f('glob-hint')}>
            A pattern without “/” matches names at any depth.
          </p>
        </div>
      </div>

      <div className="form-row-time">
        <fieldset className="field fieldset">
          <legend className="field-label">Search by</legend>
          <div className="segmented">
            {TIME_FIELDS.map((field) => (
              <label key={field} className="segmented-option">
                <input type="radio" name={f('timeField')} value={field} checked={form.timeField === field} onChange={() => update('timeField', field)} />
                <span>{TIME_LABELS[field]} time</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="field fieldset">
          <legend className="field-label">Quick range</legend>
          <div className="chip-group">
            {PRESETS.map((preset) => (
              <button
                key={preset.id}
                type="button"
                className="chip"
                aria-pressed={form.preset === preset.id}
                onClick={() => props.applyPreset(preset.id)}
                data-testid={`preset-${preset.id}`}
              >
                {preset.label}
              </button>
            ))}
          </div>
        </fieldset>
      </div>

      <div className="form-grid form-grid-2">
        <div className="field">
          <label className="field-label" htmlFor={f('from')}>
            From <span className="muted">(inclusive, your local time)</span>
          </label>
          <input
            id={f('from')}
            className="input"
            type="datetime-local"
            value={form.from}
            onChange={(e) => {
              update('from', e.target.value);
              update('preset', null);
            }}
            data-testid="search-from"
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={f('to')}>
            To <span className="muted">(exclusive, your local time)</span>
          </label>
          <input
            id={f('to')}
            className="input"
            type="datetime-local"
            value={form.to}
            onChange={(e) => {
              update('to', e.target.value);
              update('preset', null);
            }}
            data-testid="search-to"
          />
        </div>
      </div>

      <details className="advanced">
        <summary className="advanced-summary">More options</summary>
        <div className="advanced-body">
          <div className="form-grid form-grid-3">
            <fieldset className="field fieldset">
              <legend className="field-label">Include</legend>
              <label className="check">
                <input type="checkbox" checked={form.includeFiles} onChange={(e) => update('includeFiles', e.target.checked)} data-testid="search-include-files" />
                Files
              </label>
              <label className="check">
                <input type="checkbox" checked={form.includeDirectories} onChange={(e) => update('includeDirectories', e.target.checked)} data-testid="search-include-folders" />
                Folders
              </label>
              <label className={`check ${form.timeField !== 'created' ? 'check-disabled' : ''}`}>
                <input
                  type="checkbox"
                  checked={form.includeUnknownTime}
                  disabled={form.timeField !== 'created'}
                  onChange={(e) => update('includeUnknownTime', e.target.checked)}
                  aria-describedby={f('unknown-hint')}
                />
                Items with unknown creation time
              </label>
              <p className="field-hint" id={f('unknown-hint')}>
                Only for created time: some file systems do not record it.
              </p>
            </fieldset>
            <fieldset className="field fieldset">
              <legend className="field-label">Subfolders</legend>
              <label className="check">
                <input type="checkbox" checked={form.recursive} onChange={(e) => update('recursive', e.target.checked)} data-testid="search-recursive" />
                Search inside subfolders
              </label>
              <label className="field-label field-label-sub" htmlFor={f('depth')}>
                Maximum depth
              </label>
              <input
                id={f('depth')}
                className="input input-narrow"
                type="number"
                min={0}
                max={SEARCH_LIMITS.maxDepthCeiling}
                step={1}
                value={form.maxDepth}
                placeholder="No limit"
                disabled={!form.recursive}
                onChange={(e) => update('maxDepth', e.target.value)}
                aria-describedby={f('depth-hint')}
              />
              <p className="field-hint" id={f('depth-hint')}>
                0 = only the folder’s direct contents.
              </p>
            </fieldset>
            <div className="field-stack">
              <div className="field">
                <label className="field-label" htmlFor={f('sort')}>
                  Order
                </label>
                <select id={f('sort')} className="input" value={form.sort} onChange={(e) => update('sort', e.target.value as Sort)} data-testid="search-sort">
                  {SORTS.map((sort) => (
                    <option key={sort} value={sort}>
                      {SORT_LABELS[sort]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label className="field-label" htmlFor={f('limit')}>
                  Results per page
                </label>
                <input
                  id={f('limit')}
                  className="input input-narrow"
                  type="number"
                  min={SEARCH_LIMITS.limitMin}
                  max={SEARCH_LIMITS.limitMax}
                  step={1}
                  value={form.limit}
                  onChange={(e) => update('limit', e.target.value)}
                  data-testid="search-limit"
                />
              </div>
            </div>
          </div>
        </div>
      </details>

      <div className="form-actions">
        <Button type="submit" variant="primary" busy={props.busy} busyLabel="Searching…" disabled={props.disabled} data-testid="search-submit">
          {Icon.search}
          <span>Search</span>
        </Button>
        <Button variant="ghost" onClick={props.onReset} disabled={props.disabled}>
          Reset
        </Button>
      </div>
    </form>
  );
}

function Results(props: { outcome: Outcome | null; busy: 'search' | 'next' | 'first' | null; onNext: (() => void) | null; onFirst: (() => void) | null }): ReactNode {
  const { outcome, busy } = props;
  const { info } = useApp();
  const [copied, setCopied] = useState('');

  let body: ReactNode;
  if (busy === 'search') {
    body = (
      <p className="muted inline-status">
        <Spinner /> Searching…
      </p>
    );
  } else if (!outcome) {
    body = (
      <EmptyState title="No search yet" icon={Icon.search}>
        Choose a folder and a time range above, then select <strong>Search</strong>. Nothing is sent to any AI app.
      </EmptyState>
    );
  } else if (outcome.failure) {
    body = <ErrorCallout error={outcome.failure} title="The search could not run" testId="search-error" />;
  } else if (outcome.run && !outcome.run.ok) {
    body = <ErrorCallout error={outcome.run.error} title="The search was refused" testId="search-error" />;
  } else if (outcome.run?.ok) {
    const { result, summary, elapsedMs } = outcome.run;
    const { stats } = result;
    body = (
      <>
        <div className="results-header">
          <div>
            <p className="results-count" data-testid="search-count">
              {plural(stats.returned, 'result')}
              {outcome.page > 1 ? <span className="muted"> · page {outcome.page}</span> : null}
            </p>
            <p className="muted results-stats" data-testid="search-stats">
              Scanned {plural(stats.scannedFiles, 'file')} and {plural(stats.scannedDirectories, 'folder')} in {formatDuration(elapsedMs)}
              {result.nextCursor ? ' · more results available' : ''}
            </p>
          </div>
          <div className="results-paging">
            {props.onFirst ? (
              <Button size="sm" onClick={props.onFirst} busy={busy === 'first'} busyLabel="Loading…" disabled={busy !== null}>
                First page
              </Button>
            ) : null}
            {props.onNext ? (
              <Button size="sm" variant="primary" onClick={props.onNext} busy={busy === 'next'} busyLabel="Loading…" disabled={busy !== null} data-testid="search-next">
                Next page
              </Button>
            ) : null}
          </div>
        </div>
        {result.matches.length === 0 ? (
          <EmptyState title="Nothing matched" icon={Icon.search}>
            {result.nextCursor
              ? 'No matches in the part scanned so far. Select “Next page” to keep scanning.'
              : 'Try a wider time range, another folder, or remove the name pattern.'}
          </EmptyState>
        ) : (
          <ResultsTable matches={result.matches} rootPath={outcome.rootPath} reveal={info.features.revealInFolder} onCopied={setCopied} />
        )}
        <p className="muted results-summary">{summary}</p>
      </>
    );
  }

  return (
    <Section title="Results" className="results-card">
      <div aria-live="polite" aria-busy={busy !== null} data-testid="search-results">
        {body}
      </div>
      <p className="visually-hidden" role="status">
        {copied}
      </p>
      {outcome ? (
        <details className="details" data-testid="search-details">
          <summary>Details</summary>
          <p className="muted">The exact arguments sent to fs.search_by_time and its answer.</p>
          <pre className="code-block">
            <code>{JSON.stringify({ arguments: outcome.args, answer: outcome.run ?? { error: outcome.failure && { code: outcome.failure.code, message: outcome.failure.message, fix: outcome.failure.fix } } }, null, 2)}</code>
          </pre>
        </details>
      ) : null}
    </Section>
  );
}

function ResultsTable(props: { matches: SearchMatch[]; rootPath: string | undefined; reveal: boolean; onCopied(text: string): void }): ReactNode {
  return (
    <div className="table-wrap">
      <table className="table" data-testid="search-table">
        <caption className="visually-hidden">Matches, {props.matches.length} rows</caption>
        <thead>
          <tr>
            <th scope="col">Path</th>
            <th scope="col">Kind</th>
            <th scope="col" className="num">
              Size
            </th>
            <th scope="col">Modified</th>
            <th scope="col">Created</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.matches.map((match) => (
            <MatchRow key={match.path} match={match} rootPath={props.rootPath} reveal={props.reveal} onCopied={props.onCopied} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MatchRow(props: { match: SearchMatch; rootPath: string | undefined; reveal: boolean; onCopied(text: string): void }): ReactNode {
  const { match } = props;
  const { bridge } = useApp();
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [revealing, setRevealing] = useState(false);
  const [revealError, setRevealError] = useState<IpcError | null>(null);
  const shown = relativeTo(props.rootPath, match.path);
  const name = shown.split(/[\\/]/).pop() ?? shown;

  useEffect(() => {
    if (copyState === 'idle') return;
    const timer = window.setTimeout(() => setCopyState('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [copyState]);

  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(match.path);
      setCopyState('copied');
      props.onCopied(`Copied the path of ${name}.`);
    } catch {
      setCopyState('failed');
      props.onCopied('Could not copy: the clipboard is not available here.');
    }
  };

  const reveal = async (): Promise<void> => {
    setRevealing(true);
    setRevealError(null);
    try {
      await bridge.invoke('shell:reveal', { path: match.path });
    } catch (error) {
      setRevealError(toIpcError(error));
    } finally {
      setRevealing(false);
    }
  };

  return (
    <tr data-testid="search-row">
      <td className="cell-path">
        <span className="cell-path-inner" title={match.path}>
          <span className="kind-icon" aria-hidden="true">
            {match.isDirectory ? Icon.smallFolder : Icon.file}
          </span>
          <span className="path-text">{shown}</span>
        </span>
        {revealError ? <span className="field-error">{revealError.message}</span> : null}
      </td>
      <td>{match.isDirectory ? <Badge>Folder</Badge> : <Badge tone="neutral">File</Badge>}</td>
      <td className="num">{match.isDirectory ? '—' : formatBytes(match.sizeBytes)}</td>
      <td title={formatLocalFull(match.modifiedAt)}>{formatLocal(match.modifiedAt)}</td>
      <td title={formatLocalFull(match.createdAt)}>{formatLocal(match.createdAt)}</td>
      <td className="cell-actions">
        <Button size="sm" variant="ghost" onClick={() => void copy()} aria-label={`Copy path of ${name}`}>
          {copyState === 'copied' ? 'Copied' : copyState === 'failed' ? 'Copy failed' : 'Copy path'}
        </Button>
        {props.reveal ? (
          <Button size="sm" variant="ghost" onClick={() => void reveal()} busy={revealing} busyLabel="Opening…" aria-label={`Show ${name} in its folder`}>
            Reveal
          </Button>
        ) : null}
      </td>
    </tr>
  );
}
