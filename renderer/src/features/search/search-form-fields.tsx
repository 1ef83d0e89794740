// The Search preview form's fields: what to look for (folder, file type, part of the name), when
// (modified or created, a quick range or From/To), and the experts' options under "More options".
import type { ReactNode } from 'react';
import type { RootView } from '#shared/contract/ipc.js';
import { TIME_FIELDS } from '#shared/tools/search-names.js';
import type { Sort } from '#shared/tools/search-by-time.js';
import type { RangePreset } from '../../ui/format.js';
import { Field } from '../../ui/field.js';
import { DateTimeInput } from '../../ui/date-time-input.js';
import { NAME_CONTAINS_MAX, SEARCH_FILE_TYPES } from './search-args.js';
import type { FormProblems, FormState } from './search-args.js';
import { useT } from '../../ui/i18n.js';
import { t as translate } from '#shared/i18n/i18n.js';
import { fileTypeGroupName } from '#shared/i18n/file-types-words.js';

const PRESETS: RangePreset[] = ['today', 'last7', 'last30', 'any'];

/** An order's name in the form ("Newest first"). */
export const sortLabel = (sort: Sort): string => translate(`search.form.sort.${sort}`);

/** What "created" means, next to the choice and in an empty result. */
export const createdTimeNote = (): string => translate('search.form.createdNote');

/**
 * "All allowed folders (8)", or "(8; 6 can be searched now)" when some cannot be searched now:
 * the results then say "6 of your 8 folders", the same numbers.
 */
const allFoldersLabel = (roots: RootView[]): string => {
  const ready = roots.filter((r) => r.state === 'ok').length;
  return ready < roots.length && ready > 0
    ? translate('search.form.allFoldersSome', { count: roots.length, ready })
    : translate('search.form.allFolders', { count: roots.length });
};

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
  const t = useT();
  return (
    <>
      <div className="form-grid form-grid-3">
        <Field label={t('search.form.folder')} id={f('root')}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={form.root}
              onChange={(e) => update('root', e.target.value)}
              data-testid="search-root"
            >
              <option value="">{allFoldersLabel(props.roots)}</option>
              {props.roots.map((root) => (
                <option key={root.path} value={root.name}>
                  {root.name}
                  {root.isDefault ? t('search.form.defaultMark') : ''}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('search.form.fileType')}
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
              <option value="any">{t('search.form.anyType')}</option>
              {SEARCH_FILE_TYPES.map((group) => (
                <option key={group.id} value={group.id}>
                  {fileTypeGroupName(group.id)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('search.form.nameContains')}
          note={t('search.form.optional')}
          id={f('name')}
          hint={t('search.form.caseHint')}
          error={problems.nameContains}
          errorTestId="search-nameContains-error"
          describedBy={patternWins ? f('pattern-wins') : undefined}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              value={form.nameContains}
              placeholder={t('search.form.nameExample')}
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
          {t('search.form.patternWins')}
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
  const t = useT();
  return (
    <>
      <div className="form-row-time">
        <fieldset className="field fieldset search-time-field">
          <legend className="field-label">{t('search.form.searchBy')}</legend>
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
                <span>{t(`search.form.time.${field}`)}</span>
              </label>
            ))}
          </div>
          {form.timeField === 'created' ? (
            <p className="field-hint search-created-note" id={f('created-note')}>
              {createdTimeNote()}
            </p>
          ) : null}
        </fieldset>
        <fieldset className="field fieldset">
          <legend className="field-label">{t('search.form.quickRange')}</legend>
          <div className="chip-group">
            {PRESETS.map((preset) => (
              <button
                key={preset}
                type="button"
                className="chip"
                aria-pressed={form.preset === preset}
                onClick={() => props.applyPreset(preset)}
                data-testid={`preset-${preset}`}
              >
                {t(`search.form.presets.${preset}`)}
              </button>
            ))}
          </div>
        </fieldset>
      </div>
      <div className="form-grid form-grid-2">
        <Field
          label={t('search.form.from')}
          note={t('search.form.onOrAfter')}
          id={f('from')}
          error={problems.from}
          errorTestId="search-from-error"
        >
          {(control) => (
            <DateTimeInput
              {...control}
              label={t('search.form.fromName')}
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
          label={t('search.form.to')}
          note={t('search.form.before')}
          id={f('to')}
          error={problems.to}
          errorTestId="search-to-error"
        >
          {(control) => (
            <DateTimeInput
              {...control}
              label={t('search.form.toName')}
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
