// "More options" of the Search preview, first row: kinds of file ("Documents", "Images"…) as
// checkboxes, and a size range ("At least / At most" with a unit), fs.search_by_time's `kinds`,
// `minSize` and `maxSize`. Both describe files: with them no folder is listed, which the hint says.
import type { ReactNode } from 'react';
import './search-kind-size.css';
import { SEARCH_KINDS, type SearchKind } from '#shared/tools/file-types.js';
import { Field } from '../../ui/field.js';
import { useT } from '../../ui/i18n.js';
import type { FieldsProps } from './search-form-fields.js';
import { SIZE_UNITS, type SizeUnit } from './search-sizes.js';

export function KindSizeFields(props: FieldsProps): ReactNode {
  const { form, update, f } = props;
  const t = useT();
  const toggle = (kind: SearchKind, on: boolean): void => {
    const chosen = new Set(form.kinds);
    if (on) chosen.add(kind);
    else chosen.delete(kind);
    update(
      'kinds',
      SEARCH_KINDS.filter((k) => chosen.has(k)),
    );
  };
  return (
    <div className="form-grid form-grid-2 search-kind-row">
      <fieldset className="field fieldset" aria-describedby={f('kinds-hint')}>
        <legend className="field-label">
          {t('search.form.kindsLabel')} <span className="muted">{t('search.form.optional')}</span>
        </legend>
        <div className="search-kinds" data-testid="search-kinds">
          {SEARCH_KINDS.map((kind) => (
            <label key={kind} className="check">
              <input
                type="checkbox"
                checked={form.kinds.includes(kind)}
                onChange={(e) => toggle(kind, e.target.checked)}
                data-testid={`search-kind-${kind}`}
              />
              {t(`search.form.kinds.${kind}`)}
            </label>
          ))}
        </div>
        <p className="field-hint" id={f('kinds-hint')}>
          {t('search.form.kindsHint')}
        </p>
      </fieldset>
      <fieldset className="field fieldset">
        <legend className="field-label">
          {t('search.form.size')} <span className="muted">{t('search.form.optional')}</span>
        </legend>
        <SizeField {...props} bound="min" />
        <SizeField {...props} bound="max" />
      </fieldset>
    </div>
  );
}

function SizeField(props: FieldsProps & { bound: 'min' | 'max' }): ReactNode {
  const { form, update, problems, f, bound } = props;
  const t = useT();
  const amount = bound === 'min' ? 'minSize' : 'maxSize';
  const unit = bound === 'min' ? 'minUnit' : 'maxUnit';
  return (
    <Field
      label={t(bound === 'min' ? 'search.form.atLeast' : 'search.form.atMost')}
      id={f(amount)}
      className="field-sub"
      error={problems[amount]}
      errorTestId={`search-${amount}-error`}
    >
      {(control) => (
        <div className="search-size">
          <input
            {...control}
            className="input input-narrow"
            inputMode="decimal"
            value={form[amount]}
            placeholder={t('search.form.anySize')}
            onChange={(e) => update(amount, e.target.value)}
            data-check={amount}
            data-testid={`search-${amount}`}
          />
          <select
            className="input search-unit"
            aria-label={t('search.form.unit')}
            value={form[unit]}
            onChange={(e) => update(unit, e.target.value as SizeUnit)}
            data-testid={`search-${unit}`}
          >
            {SIZE_UNITS.map((u) => (
              <option key={u} value={u}>
                {t(`search.form.units.${u}`)}
              </option>
            ))}
          </select>
        </div>
      )}
    </Field>
  );
}
