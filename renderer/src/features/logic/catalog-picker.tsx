// Choosing the logic catalog's folder (Advanced › Logic catalog), with the layout it expects.
import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button, ErrorCallout, Section } from '../../ui/ui.js';
import { ConfirmDialog } from '../../ui/dialog.js';
import { Field } from '../../ui/field.js';
import { Icon } from '../../ui/icons.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import './logic.css';
import { useT } from '../../ui/i18n.js';
import { t as translate } from '#shared/i18n/i18n.js';

/** The catalog's layout, drawn as a tree (in the person's language). */
export const layout = (): string => translate('logic.layout');

export function CatalogPicker(props: { catalog: string | null }): ReactNode {
  const { bridge, info, setView } = useApp();
  const [path, setPath] = useState(props.catalog ?? '');
  const [confirmClear, setConfirmClear] = useState(false);
  const inputId = useId();
  const save = useAction((next: string | null) =>
    bridge.invoke('logic:setCatalog', { path: next }),
  );
  const pick = useAction(() => bridge.invoke('roots:pickFolder', {}));
  const native = info.features.nativeFolderDialog;
  const t = useT();

  const apply = async (next: string | null): Promise<boolean> => {
    const result = await save.run(next);
    if (result) setView(result);
    return result !== undefined;
  };

  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    if (path.trim()) void apply(path.trim());
  };

  const onPick = async (): Promise<void> => {
    const result = await pick.run();
    if (result?.path) await apply(result.path);
  };

  return (
    <Section title={t('logic.picker.title')} description={t('logic.picker.hint')}>
      {props.catalog && native ? (
        <p className="catalog-current">
          <span aria-hidden="true">{Icon.folder}</span>
          <code className="path" data-testid="logic-catalog-path">
            {props.catalog}
          </code>
        </p>
      ) : null}
      {native ? (
        <div className="inline-actions">
          <Button
            variant={props.catalog ? 'secondary' : 'primary'}
            onClick={() => void onPick()}
            busy={pick.busy || save.busy}
            busyLabel={pick.busy ? t('logic.picker.waiting') : t('logic.picker.saving')}
          >
            {props.catalog ? t('logic.picker.chooseAnother') : t('logic.picker.choose')}
          </Button>
          {props.catalog ? (
            <Button variant="ghost" onClick={() => setConfirmClear(true)}>
              {t('logic.picker.stopUsingThis')}
            </Button>
          ) : null}
        </div>
      ) : (
        <form className="inline-form" onSubmit={onSubmit}>
          <Field label={t('logic.picker.pathLabel')} id={inputId} grow>
            {(control) => (
              <input
                {...control}
                className="input input-mono"
                value={path}
                spellCheck={false}
                autoComplete="off"
                placeholder={t('logic.picker.pathExample', {
                  path: `${info.homeDir || '/home/you'}/projects/my-project`,
                })}
                onChange={(e) => setPath(e.target.value)}
                data-testid="logic-catalog-input"
              />
            )}
          </Field>
          <div className="inline-form-actions">
            <Button
              type="submit"
              variant="primary"
              busy={save.busy}
              busyLabel={t('logic.picker.saving')}
              disabled={!path.trim() || path.trim() === props.catalog}
              data-testid="logic-catalog-save"
            >
              {t('logic.picker.useFolder')}
            </Button>
            {props.catalog ? (
              <Button variant="ghost" onClick={() => setConfirmClear(true)}>
                {t('logic.picker.stopUsing')}
              </Button>
            ) : null}
          </div>
        </form>
      )}
      {pick.error ? <ErrorCallout error={pick.error} onDismiss={pick.clearError} /> : null}
      {save.error ? (
        <ErrorCallout
          error={save.error}
          title={t('logic.picker.notChanged')}
          onDismiss={save.clearError}
        />
      ) : null}
      <ConfirmDialog
        open={confirmClear}
        title={t('logic.picker.confirmTitle')}
        confirmLabel={t('logic.picker.stopUsing')}
        busy={save.busy}
        onCancel={() => setConfirmClear(false)}
        onConfirm={() => {
          void apply(null).then((ok) => ok && setConfirmClear(false));
        }}
      >
        <p>{t('logic.picker.confirmBody')}</p>
      </ConfirmDialog>
    </Section>
  );
}
