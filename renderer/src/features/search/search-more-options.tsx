// "More options" of the Search preview: the rest of fs.search_by_time's arguments in a person's
// terms — a subfolder to start in, a name pattern, files or folders, subfolders and depth, the
// order and the page size.
import type { ReactNode } from 'react';
import { SEARCH_LIMITS, SORTS } from '#shared/tools/search-names.js';
import type { Sort } from '#shared/tools/search-by-time.js';
import { Field } from '../../ui/field.js';
import { sortLabel, type FieldsProps } from './search-form-fields.js';
import { useT } from '../../ui/i18n.js';

export function MoreOptions(props: FieldsProps): ReactNode {
  const { form, update, problems, f } = props;
  const t = useT();
  return (
    <>
      <div className="form-grid form-grid-2">
        <Field label={t('search.form.startIn')} note={t('search.form.optional')} id={f('path')}>
          {(control) => (
            <input
              {...control}
              className="input input-mono"
              value={form.path}
              placeholder={t('search.form.startExample')}
              maxLength={SEARCH_LIMITS.pathMaxLength}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => update('path', e.target.value)}
              data-testid="search-path"
            />
          )}
        </Field>
        <Field
          label={t('search.form.pattern')}
          note={t('search.form.forExperts')}
          id={f('glob')}
          hint={t('search.form.patternHint')}
        >
          {(control) => (
            <input
              {...control}
              className="input input-mono"
              value={form.glob}
              placeholder={t('search.form.patternExample')}
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
          <legend className="field-label">{t('search.form.include')}</legend>
          <label className="check">
            <input
              type="checkbox"
              checked={form.includeFiles}
              onChange={(e) => update('includeFiles', e.target.checked)}
              data-check="include"
              data-testid="search-include-files"
            />
            {t('search.form.files')}
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={form.includeDirectories}
              onChange={(e) => update('includeDirectories', e.target.checked)}
              data-testid="search-include-folders"
            />
            {t('search.form.folders')}
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
            {t('search.form.unknownTime')}
          </label>
          <p className="field-hint" id={f('unknown-hint')}>
            {t('search.form.unknownHint')}
          </p>
        </fieldset>
        <fieldset className="field fieldset">
          <legend className="field-label">{t('search.form.subfolders')}</legend>
          <label className="check">
            <input
              type="checkbox"
              checked={form.recursive}
              onChange={(e) => update('recursive', e.target.checked)}
              data-testid="search-recursive"
            />
            {t('search.form.recursive')}
          </label>
          <Field
            label={t('search.form.depth')}
            id={f('depth')}
            className="field-sub"
            hint={t('search.form.depthHint')}
            error={problems.maxDepth}
            errorTestId="search-maxDepth-error"
          >
            {(control) => (
              <input
                {...control}
                className="input input-narrow"
                inputMode="numeric"
                value={form.maxDepth}
                placeholder={t('search.form.noLimit')}
                disabled={!form.recursive}
                onChange={(e) => update('maxDepth', e.target.value)}
                data-check="maxDepth"
                data-testid="search-depth"
              />
            )}
          </Field>
        </fieldset>
        <div className="field-stack">
          <Field label={t('search.form.order')} id={f('sort')}>
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
                    {sortLabel(sort)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label={t('search.form.perPage')}
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
