// The Search preview form in a person's terms: a folder, a file type, a part of the name, and a
// time range (modified or created, with what "created" means). Fields are checked as they are
// typed; the rest of fs.search_by_time's options (a start subfolder, a name pattern, folders,
// depth, order, page size) wait under "More options".
import { useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { RootView } from '#shared/contract/ipc.js';
import { Button } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import type { RangePreset } from '../../ui/format.js';
import type { CheckedField, FormProblems, FormState } from './search-args.js';
import { WhatFields, WhenFields } from './search-form-fields.js';
import { MoreOptions } from './search-more-options.js';
import { KindSizeFields } from './search-kind-size.js';
import { useT } from '../../ui/i18n.js';

// The problems the summary next to Search names, in the form's order, with the field's label.
const FIELDS: CheckedField[] = [
  'nameContains',
  'from',
  'to',
  'minSize',
  'maxSize',
  'include',
  'maxDepth',
  'limit',
];
const IN_MORE_OPTIONS: CheckedField[] = ['minSize', 'maxSize', 'include', 'maxDepth', 'limit'];

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
  const fields = { form, update, problems, f };
  const problemFields = FIELDS.filter((k) => problems[k]);
  const t = useT();

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
      aria-label={t('search.form.label')}
      data-testid="search-form"
      noValidate
    >
      <WhatFields {...fields} roots={props.roots} />
      <WhenFields {...fields} applyPreset={props.applyPreset} />

      <details
        className="advanced"
        open={moreOpen}
        onToggle={(e) => setMoreOpen(e.currentTarget.open)}
      >
        <summary className="advanced-summary">{t('search.form.more')}</summary>
        <div className="advanced-body">
          <KindSizeFields {...fields} />
          <MoreOptions {...fields} />
        </div>
      </details>

      <div className="form-actions search-actions">
        <Button
          type="submit"
          variant="primary"
          busy={props.busy}
          busyLabel={t('search.form.searching')}
          aria-describedby={problemFields.length > 0 ? f('blocked') : undefined}
          data-testid="search-submit"
        >
          {Icon.search}
          <span>{t('search.form.search')}</span>
        </Button>
        <Button variant="ghost" onClick={props.onReset} disabled={props.busy}>
          {t('search.form.reset')}
        </Button>
        {problemFields.length > 0 ? (
          <p className="field-error search-blocked" id={f('blocked')} data-testid="search-blocked">
            {t('search.form.blocked', {
              fields: problemFields.map((k) => t(`search.form.fields.${k}`)).join(', '),
            })}
          </p>
        ) : null}
      </div>
    </form>
  );
}
