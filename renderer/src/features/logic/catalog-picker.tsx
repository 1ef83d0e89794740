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

export const LAYOUT = `my-project/                 ← choose this folder
  logics/
    purchase_item.sql       → "purchase_item"
    purchase_item.json      (optional: params and auth)
    admin/
      users.sql             → "admin/users"`;

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
    <Section
      title="Catalog folder"
      description="While a catalog is set, AI apps get two more tools: the list of its logics and each logic’s text. Switch them on or off in Control."
    >
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
            busyLabel={pick.busy ? 'Waiting for your choice…' : 'Saving…'}
          >
            {props.catalog ? 'Choose another folder…' : 'Choose catalog folder…'}
          </Button>
          {props.catalog ? (
            <Button variant="ghost" onClick={() => setConfirmClear(true)}>
              Stop using this catalog
            </Button>
          ) : null}
        </div>
      ) : (
        <form className="inline-form" onSubmit={onSubmit}>
          <Field label="Folder path" id={inputId} grow>
            {(control) => (
              <input
                {...control}
                className="input input-mono"
                value={path}
                spellCheck={false}
                autoComplete="off"
                placeholder={`e.g. ${info.homeDir || '/home/you'}/projects/my-project`}
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
              busyLabel="Saving…"
              disabled={!path.trim() || path.trim() === props.catalog}
              data-testid="logic-catalog-save"
            >
              Use this folder
            </Button>
            {props.catalog ? (
              <Button variant="ghost" onClick={() => setConfirmClear(true)}>
                Stop using
              </Button>
            ) : null}
          </div>
        </form>
      )}
      {pick.error ? <ErrorCallout error={pick.error} onDismiss={pick.clearError} /> : null}
      {save.error ? (
        <ErrorCallout
          error={save.error}
          title="The catalog folder was not changed"
          onDismiss={save.clearError}
        />
      ) : null}
      <ConfirmDialog
        open={confirmClear}
        title="Stop using this catalog?"
        confirmLabel="Stop using"
        busy={save.busy}
        onCancel={() => setConfirmClear(false)}
        onConfirm={() => {
          void apply(null).then((ok) => ok && setConfirmClear(false));
        }}
      >
        <p>
          AI apps will no longer be offered the logic tools. The folder and its files stay as they
          are.
        </p>
      </ConfirmDialog>
    </Section>
  );
}
