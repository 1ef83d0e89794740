// The Search preview form in a person's terms: a folder, a file type, a part of the name, and a
// time range (modified or created, with what "created" means). Fields are checked as they are
// typed; the rest of fs.search_by_time's options (a start subfolder, a name pattern, folders,
// depth, order, page size) wait under "More options".
import { useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { RootView } from '#shared/contract/ipc.js';
import { SEARCH_LIMITS, SORTS, TIME_FIELDS } from '#shared/tools/search-names.js';
import type { Sort, TimeField } from '#shared/tools/search-by-time.js';
import { Button, Icon } from '../../ui/ui.js';
import type { RangePreset } from '../../ui/format.js';
import { NAME_CONTAINS_MAX, SEARCH_FILE_TYPES } from './search-args.js';
import type { CheckedField, FormProblems, FormState } from './search-args.js';

const PRESETS: { id: RangePreset; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: 'last7', label: 'Last 7 days' },
  { id: 'last30', label: 'Last 30 days' },
  { id: 'any', label: 'Any time' },
];

const SORT_LABELS: Record<Sort, string> = {
  time_desc: 'Newest first',
  time_asc: 'Oldest first',
  path_asc: 'By name and folder (A–Z)',
};

const TIME_LABELS: Record<TimeField, string> = { modified: 'Modified', created: 'Created' };

/** What "created" means, next to the choice and in an empty result. */
export const CREATED_TIME_NOTE =
  'Created time is when a file arrived on this computer: a copied or downloaded file counts as created when it was copied or downloaded. Some systems do not record it.';

// The problems the summary next to Search names, in the form's order, with the field's label.
const FIELD_NAMES: Record<CheckedField, string> = {
  nameContains: '“Name contains”',
  to: '“To”',
  include: '“Include” (More options)',
  maxDepth: '“Maximum depth” (More options)',
  limit: '“Results per page” (More options)',
};
const IN_MORE_OPTIONS: CheckedField[] = ['include', 'maxDepth', 'limit'];

/** The search options form. */
export function SearchForm(props: {
  form: FormState;
  problems: FormProblems;
  roots: RootView[];
  busy: boolean;
  update<K extends keyof FormState>(key: K, value: FormState[K]): void;
  applyPreset(preset: RangePreset): void;
  onSubmit(event: FormEvent): void;
  onReset(): void;
}): ReactNode {
  const { form, update, problems } = props;
  const id = useId();
  const f = (name: string): string => `${id}-${name}`;
  const formRef = useRef<HTMLFormElement>(null);
  const [moreOpen, setMoreOpen] = useState(false);
  const problemFields = (Object.keys(FIELD_NAMES) as CheckedField[]).filter((k) => problems[k]);
  const patternWins = form.glob.trim() !== '';

  // aria-invalid and the error's id for a field's control.
  const invalid = (field: CheckedField, hint?: string) => ({
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby':
      [hint, problems[field] ? f(`${field}-error`) : undefined].filter(Boolean).join(' ') ||
      undefined,
  });
  const error = (field: CheckedField): ReactNode =>
    problems[field] ? (
      <p className="field-error" id={f(`${field}-error`)} data-testid={`search-${field}-error`}>
        {problems[field]}
      </p>
    ) : null;

  const submit = (event: FormEvent): void => {
    const first = problemFields[0];
    if (!first) {
      props.onSubmit(event);
      return;
    }
    // Nothing is sent: the person is taken to the first field to fix.
    event.preventDefault();
    if (IN_MORE_OPTIONS.includes(first)) setMoreOpen(true);
    window.requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>(`[data-check="${first}"]`)?.focus();
    });
  };

  return (
    <form
      ref={formRef}
      className="search-form"
      onSubmit={submit}
      aria-label="Search options"
      data-testid="search-form"
      noValidate
    >
      <div className="form-grid form-grid-3">
        <div className="field">
          <label className="field-label" htmlFor={f('root')}>
            Folder
          </label>
          <select
            id={f('root')}
            className="input"
            value={form.root}
            onChange={(e) => update('root', e.target.value)}
            data-testid="search-root"
          >
            {props.roots.map((root) => (
              <option key={root.path} value={root.name}>
                {root.name}
                {root.isDefault ? ' (default)' : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={f('type')}>
            File type
          </label>
          <select
            id={f('type')}
            className="input"
            value={form.fileType}
            onChange={(e) => update('fileType', e.target.value)}
            aria-describedby={patternWins ? f('pattern-wins') : undefined}
            data-testid="search-file-type"
          >
            <option value="any">Any type</option>
            {SEARCH_FILE_TYPES.map((group) => (
              <option key={group.id} value={group.id}>
                {group.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={f('name')}>
            Name contains <span className="muted">(optional)</span>
          </label>
          <input
            id={f('name')}
            className="input"
            value={form.nameContains}
            placeholder="e.g. invoice"
            maxLength={NAME_CONTAINS_MAX + 20}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => update('nameContains', e.target.value)}
            data-check="nameContains"
            data-testid="search-name"
            {...invalid('nameContains', patternWins ? f('pattern-wins') : f('name-hint'))}
          />
          {error('nameContains') ?? (
            <p className="field-hint" id={f('name-hint')}>
              Upper or lower case does not matter.
            </p>
          )}
        </div>
      </div>
      {patternWins ? (
        <p className="field-hint search-pattern-note" id={f('pattern-wins')}>
          File type and Name contains are not used: the name pattern under More options is used
          instead.
        </p>
      ) : null}

      <div className="form-row-time">
        <fieldset className="field fieldset search-time-field">
          <legend className="field-label">Search by</legend>
          <div className="segmented">
            {TIME_FIELDS.map((field) => (
              <label key={field} className="segmented-option">
                <input
                  type="radio"
                  name={f('timeField')}
                  value={field}
                  checked={form.timeField === field}
                  onChange={() => update('timeField', field)}
                  aria-describedby={field === 'created' ? f('created-note') : undefined}
                  data-testid={`search-time-${field}`}
                />
                <span>{TIME_LABELS[field]} time</span>
              </label>
            ))}
          </div>
          <p className="field-hint search-created-note" id={f('created-note')}>
            {CREATED_TIME_NOTE}
          </p>
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
            From <span className="muted">(on or after)</span>
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
            To <span className="muted">(before)</span>
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
            data-check="to"
            data-testid="search-to"
            {...invalid('to')}
          />
          {error('to')}
        </div>
      </div>

      <details
        className="advanced"
        open={moreOpen}
        onToggle={(e) => setMoreOpen(e.currentTarget.open)}
      >
        <summary className="advanced-summary">More options</summary>
        <div className="advanced-body">
          <div className="form-grid form-grid-2">
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
                Name pattern <span className="muted">(for experts, optional)</span>
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
                * stands for any characters, ? for one. Upper and lower case count here. When
                filled, it replaces File type and Name contains.
              </p>
            </div>
          </div>
          <div className="form-grid form-grid-3 search-more-row">
            <fieldset
              className="field fieldset"
              aria-invalid={problems.include ? true : undefined}
              aria-describedby={problems.include ? f('include-error') : undefined}
            >
              <legend className="field-label">Include</legend>
              <label className="check">
                <input
                  type="checkbox"
                  checked={form.includeFiles}
                  onChange={(e) => update('includeFiles', e.target.checked)}
                  data-check="include"
                  data-testid="search-include-files"
                />
                Files
              </label>
              <label className="check">
                <input
                  type="checkbox"
                  checked={form.includeDirectories}
                  onChange={(e) => update('includeDirectories', e.target.checked)}
                  data-testid="search-include-folders"
                />
                Folders
              </label>
              {error('include')}
              <label className={`check ${form.timeField !== 'created' ? 'check-disabled' : ''}`}>
                <input
                  type="checkbox"
                  checked={form.includeUnknownTime}
                  disabled={form.timeField !== 'created'}
                  onChange={(e) => update('includeUnknownTime', e.target.checked)}
                  aria-describedby={f('unknown-hint')}
                />
                Files whose created time is not recorded
              </label>
              <p className="field-hint" id={f('unknown-hint')}>
                Only when searching by created time.
              </p>
            </fieldset>
            <fieldset className="field fieldset">
              <legend className="field-label">Subfolders</legend>
              <label className="check">
                <input
                  type="checkbox"
                  checked={form.recursive}
                  onChange={(e) => update('recursive', e.target.checked)}
                  data-testid="search-recursive"
                />
                Search inside subfolders
              </label>
              <label className="field-label field-label-sub" htmlFor={f('depth')}>
                Maximum depth
              </label>
              <input
                id={f('depth')}
                className="input input-narrow"
                inputMode="numeric"
                value={form.maxDepth}
                placeholder="No limit"
                disabled={!form.recursive}
                onChange={(e) => update('maxDepth', e.target.value)}
                data-check="maxDepth"
                data-testid="search-depth"
                {...invalid('maxDepth', f('depth-hint'))}
              />
              {error('maxDepth') ?? (
                <p className="field-hint" id={f('depth-hint')}>
                  0 = only what is directly in the folder.
                </p>
              )}
            </fieldset>
            <div className="field-stack">
              <div className="field">
                <label className="field-label" htmlFor={f('sort')}>
                  Order
                </label>
                <select
                  id={f('sort')}
                  className="input"
                  value={form.sort}
                  onChange={(e) => update('sort', e.target.value as Sort)}
                  data-testid="search-sort"
                >
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
                  inputMode="numeric"
                  value={form.limit}
                  onChange={(e) => update('limit', e.target.value)}
                  data-check="limit"
                  data-testid="search-limit"
                  {...invalid('limit')}
                />
                {error('limit')}
              </div>
            </div>
          </div>
        </div>
      </details>

      <div className="form-actions search-actions">
        <Button
          type="submit"
          variant="primary"
          busy={props.busy}
          busyLabel="Searching…"
          aria-describedby={problemFields.length > 0 ? f('blocked') : undefined}
          data-testid="search-submit"
        >
          {Icon.search}
          <span>Search</span>
        </Button>
        <Button variant="ghost" onClick={props.onReset} disabled={props.busy}>
          Reset
        </Button>
        {problemFields.length > 0 ? (
          <p className="field-error search-blocked" id={f('blocked')} data-testid="search-blocked">
            Can’t search yet: check {problemFields.map((k) => FIELD_NAMES[k]).join(', ')}.
          </p>
        ) : null}
      </div>
    </form>
  );
}
