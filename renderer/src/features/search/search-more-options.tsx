// "More options" of the Search preview: the rest of fs.search_by_time's arguments in a person's
// terms — a subfolder to start in, a name pattern, files or folders, subfolders and depth, the
// order and the page size.
import type { ReactNode } from 'react';
import { SEARCH_LIMITS, SORTS } from '#shared/tools/search-names.js';
import type { Sort } from '#shared/tools/search-by-time.js';
import { Field } from '../../ui/field.js';
import { SORT_LABELS, type FieldsProps } from './search-form-fields.js';

export function MoreOptions(props: FieldsProps): ReactNode {
  const { form, update, problems, f } = props;
  return (
    <>
      <div className="form-grid form-grid-2">
        <Field label="Start in subfolder" note="(optional)" id={f('path')}>
          {(control) => (
            <input
              {...control}
              className="input input-mono"
              value={form.path}
              placeholder="e.g. reports/2025"
              maxLength={SEARCH_LIMITS.pathMaxLength}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => update('path', e.target.value)}
              data-testid="search-path"
            />
          )}
        </Field>
        <Field
          label="Name pattern"
          note="(for experts, optional)"
          id={f('glob')}
          hint="* stands for any characters, ? for one. Upper and lower case count here. When filled, it replaces File type and Name contains."
        >
          {(control) => (
            <input
              {...control}
              className="input input-mono"
              value={form.glob}
              placeholder="e.g. *.pdf or invoices/**/*.xlsx"
              maxLength={SEARCH_LIMITS.globMaxLength}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => update('glob', e.target.value)}
              data-testid="search-glob"
            />
          )}
        </Field>
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
          {problems.include ? (
            <p className="field-error" id={f('include-error')} data-testid="search-include-error">
              {problems.include}
            </p>
          ) : null}
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
          <Field
            label="Maximum depth"
            id={f('depth')}
            className="field-sub"
            hint="0 = only what is directly in the folder."
            error={problems.maxDepth}
            errorTestId="search-maxDepth-error"
          >
            {(control) => (
              <input
                {...control}
                className="input input-narrow"
                inputMode="numeric"
                value={form.maxDepth}
                placeholder="No limit"
                disabled={!form.recursive}
                onChange={(e) => update('maxDepth', e.target.value)}
                data-check="maxDepth"
                data-testid="search-depth"
              />
            )}
          </Field>
        </fieldset>
        <div className="field-stack">
          <Field label="Order" id={f('sort')}>
            {(control) => (
              <select
                {...control}
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
            )}
          </Field>
          <Field
            label="Results per page"
            id={f('limit')}
            error={problems.limit}
            errorTestId="search-limit-error"
          >
            {(control) => (
              <input
                {...control}
                className="input input-narrow"
                inputMode="numeric"
                value={form.limit}
                onChange={(e) => update('limit', e.target.value)}
                data-check="limit"
                data-testid="search-limit"
              />
            )}
          </Field>
        </div>
      </div>
    </>
  );
}
