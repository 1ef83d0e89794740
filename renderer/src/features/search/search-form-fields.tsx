// The Search preview form's fields: what to look for (folder, file type, part of the name), when
// (modified or created, a quick range or From/To), and the experts' options under "More options".
import type { ReactNode } from 'react';
import type { RootView } from '#shared/contract/ipc.js';
import { TIME_FIELDS } from '#shared/tools/search-names.js';
import type { Sort, TimeField } from '#shared/tools/search-by-time.js';
import type { RangePreset } from '../../ui/format.js';
import { Field } from '../../ui/field.js';
import { DateTimeInput } from '../../ui/date-time-input.js';
import { NAME_CONTAINS_MAX, SEARCH_FILE_TYPES } from './search-args.js';
import type { FormProblems, FormState } from './search-args.js';

const PRESETS: { id: RangePreset; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: 'last7', label: 'Last 7 days' },
  { id: 'last30', label: 'Last 30 days' },
  { id: 'any', label: 'Any time' },
];

export const SORT_LABELS: Record<Sort, string> = {
  time_desc: 'Newest first',
  time_asc: 'Oldest first',
  path_asc: 'By name and folder (A–Z)',
};

const TIME_LABELS: Record<TimeField, string> = { modified: 'Modified', created: 'Created' };

/** What "created" means, next to the choice and in an empty result. */
export const CREATED_TIME_NOTE =
  'Created time is when a file arrived on this computer: a copied or downloaded file counts as created when it was copied or downloaded. Some systems do not record it.';

/** What every group of fields gets from the form. */
export interface FieldsProps {
  form: FormState;
  problems: FormProblems;
  update<K extends keyof FormState>(key: K, value: FormState[K]): void;
  /** The form's id for a name, so ids stay unique when two forms are on a page. */
  f(name: string): string;
}

/** Folder, file type and part of the name. */
export function WhatFields(props: FieldsProps & { roots: RootView[] }): ReactNode {
  const { form, update, problems, f } = props;
  const patternWins = form.glob.trim() !== '';
  return (
    <>
      <div className="form-grid form-grid-3">
        <Field label="Folder" id={f('root')}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={form.root}
              onChange={(e) => update('root', e.target.value)}
              data-testid="search-root"
            >
              <option value="">
                {props.roots.length === 1
                  ? 'All allowed folders (1)'
                  : `All allowed folders (${props.roots.length})`}
              </option>
              {props.roots.map((root) => (
                <option key={root.path} value={root.name}>
                  {root.name}
                  {root.isDefault ? ' (default)' : ''}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="File type"
          id={f('type')}
          describedBy={patternWins ? f('pattern-wins') : undefined}
        >
          {(control) => (
            <select
              {...control}
              className="input"
              value={form.fileType}
              onChange={(e) => update('fileType', e.target.value)}
              data-testid="search-file-type"
            >
              <option value="any">Any type</option>
              {SEARCH_FILE_TYPES.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Name contains"
          note="(optional)"
          id={f('name')}
          hint="Upper or lower case does not matter."
          error={problems.nameContains}
          errorTestId="search-nameContains-error"
          describedBy={patternWins ? f('pattern-wins') : undefined}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              value={form.nameContains}
              placeholder="e.g. invoice"
              maxLength={NAME_CONTAINS_MAX + 20}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => update('nameContains', e.target.value)}
              data-check="nameContains"
              data-testid="search-name"
            />
          )}
        </Field>
      </div>
      {patternWins ? (
        <p className="field-hint search-pattern-note" id={f('pattern-wins')}>
          File type and Name contains are not used: the name pattern under More options is used
          instead.
        </p>
      ) : null}
    </>
  );
}

/** Modified or created time, a quick range, and From/To. */
export function WhenFields(
  props: FieldsProps & { applyPreset(preset: RangePreset): void },
): ReactNode {
  const { form, update, problems, f } = props;
  return (
    <>
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
                  aria-describedby={
                    field === 'created' && form.timeField === 'created'
                      ? f('created-note')
                      : undefined
                  }
                  data-testid={`search-time-${field}`}
                />
                <span>{TIME_LABELS[field]} time</span>
              </label>
            ))}
          </div>
          {form.timeField === 'created' ? (
            <p className="field-hint search-created-note" id={f('created-note')}>
              {CREATED_TIME_NOTE}
            </p>
          ) : null}
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
        <Field
          label="From"
          note="(on or after)"
          id={f('from')}
          error={problems.from}
          errorTestId="search-from-error"
        >
          {(control) => (
            <DateTimeInput
              {...control}
              label="“From”"
              value={form.from}
              onChange={(value) => {
                update('from', value);
                update('preset', null);
              }}
              data-check="from"
              testId="search-from"
            />
          )}
        </Field>
        <Field
          label="To"
          note="(before)"
          id={f('to')}
          error={problems.to}
          errorTestId="search-to-error"
        >
          {(control) => (
            <DateTimeInput
              {...control}
              label="“To”"
              value={form.to}
              onChange={(value) => {
                update('to', value);
                update('preset', null);
              }}
              data-check="to"
              testId="search-to"
            />
          )}
        </Field>
      </div>
    </>
  );
}
