// The Search preview form: every fs.search_by_time option, with local date-time pickers and
// quick ranges.
import { useId } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { RootView } from '../../../shared/ipc.js';
import { SEARCH_LIMITS, SORTS, TIME_FIELDS } from '../../../shared/search-by-time.js';
import type { Sort, TimeField } from '../../../shared/search-by-time.js';
import { Button, Icon } from '../components/ui.js';
import type { RangePreset } from '../lib/format.js';
import type { FormState } from '../lib/search-args.js';

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

/** The search options form. */
export function SearchForm(props: {
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
    <form
      className="search-form"
      onSubmit={props.onSubmit}
      aria-label="Search options"
      data-testid="search-form"
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
                <input
                  type="radio"
                  name={f('timeField')}
                  value={field}
                  checked={form.timeField === field}
                  onChange={() => update('timeField', field)}
                />
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
                <input
                  type="checkbox"
                  checked={form.includeFiles}
                  onChange={(e) => update('includeFiles', e.target.checked)}
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
        <Button
          type="submit"
          variant="primary"
          busy={props.busy}
          busyLabel="Searching…"
          disabled={props.disabled}
          data-testid="search-submit"
        >
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
