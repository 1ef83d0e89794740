// The form behind a folder's "Who may search" Change: all connected apps or only the ones checked
// (the AI apps FolderGate knows, connected ones first; an id this version does not know is kept),
// and for how long (Always, For 1 hour, Until tomorrow, or as it is now).
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { CLIENT_IDS } from '#shared/clients/client-ids.js';
import { accessEnds, allowedUntilText, appName } from '#shared/i18n/folder-access-words.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import { Button, ErrorCallout } from '../../ui/ui.js';
import { useT } from '../../ui/i18n.js';
import './folders.css';

type Span = 'always' | 'hour' | 'tomorrow' | 'asNow';

/** The apps to offer: connected ones first, then the others FolderGate knows, then unknown ids. */
function useAppChoices(kept: readonly string[]): { id: string; connected: boolean }[] {
  const { bridge } = useApp();
  const [connected, setConnected] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    let live = true;
    bridge.invoke('clients:list', {}).then(
      (answer) =>
        live &&
        setConnected(
          new Set(answer.clients.filter((c) => c.status === 'connected').map((c) => c.id)),
        ),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [bridge]);
  const known: string[] = [...CLIENT_IDS];
  const ids = [...known, ...kept.filter((id) => !known.includes(id))];
  return ids
    .map((id) => ({ id, connected: connected.has(id) }))
    .sort((a, b) => Number(b.connected) - Number(a.connected));
}

export function FolderAccessForm(props: {
  path: string;
  name: string;
  apps: readonly string[] | null;
  until: string | null;
  onDone(): void;
}): ReactNode {
  const { bridge, setView } = useApp();
  const t = useT();
  const id = useId();
  const choices = useAppChoices(props.apps ?? []);
  const [all, setAll] = useState(props.apps === null);
  const [chosen, setChosen] = useState<string[]>([...(props.apps ?? [])]);
  const [span, setSpan] = useState<Span>(props.until ? 'asNow' : 'always');
  const [problem, setProblem] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useAction((apps: string[] | null, until: string | null) =>
    bridge.invoke('roots:setAccess', { path: props.path, apps, until }),
  );
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
  }, []);

  const onSave = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!all && chosen.length === 0) {
      setProblem(t('folderAccess.chooseApp'));
      return;
    }
    const ends = accessEnds(new Date());
    const until =
      span === 'always' ? null : span === 'asNow' ? props.until : ends[span].toISOString();
    const result = await save.run(all ? null : chosen, until);
    if (result) {
      setView(result);
      props.onDone();
    }
  };
  const radio = (
    name: string,
    checked: boolean,
    onChange: () => void,
    label: string,
    test: string,
  ) => (
    <label className="radio-line">
      <input type="radio" name={name} checked={checked} onChange={onChange} data-testid={test} />
      {label}
    </label>
  );

  return (
    <form
      ref={formRef}
      className="file-type-form"
      onSubmit={(e) => void onSave(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !save.busy) {
          e.preventDefault();
          props.onDone();
        }
      }}
      data-testid="access-form"
    >
      <fieldset className="file-type-fieldset">
        <legend className="visually-hidden">
          {t('folderAccess.legendWho', { name: props.name })}
        </legend>
        {radio(`${id}-who`, all, () => setAll(true), t('folderAccess.allApps'), 'access-all')}
        {radio(`${id}-who`, !all, () => setAll(false), t('folderAccess.onlyThese'), 'access-only')}
      </fieldset>
      {!all ? (
        <fieldset className="file-type-fieldset access-apps">
          <legend className="visually-hidden">
            {t('folderAccess.appsGroup', { name: props.name })}
          </legend>
          {choices.map((choice) => (
            <label key={choice.id} className="radio-line">
              <input
                type="checkbox"
                checked={chosen.includes(choice.id)}
                aria-describedby={problem ? `${id}-problem` : undefined}
                onChange={(e) => {
                  const on = e.target.checked;
                  setProblem(null);
                  setChosen((c) => (on ? [...c, choice.id] : c.filter((x) => x !== choice.id)));
                }}
                data-testid={`access-app-${choice.id}`}
              />
              {appName(choice.id)}
              {choice.connected ? (
                <span className="muted">({t('folderAccess.connected')})</span>
              ) : null}
            </label>
          ))}
        </fieldset>
      ) : null}
      {problem ? (
        <p className="field-error" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      ) : null}
      <fieldset className="file-type-fieldset">
        <legend className="field-label">
          {t('folderAccess.legendTime', { name: props.name })}
        </legend>
        {props.until
          ? radio(
              `${id}-span`,
              span === 'asNow',
              () => setSpan('asNow'),
              t('folderAccess.asNow', {
                until: allowedUntilText(new Date(props.until), new Date()),
              }),
              'access-as-now',
            )
          : null}
        {radio(
          `${id}-span`,
          span === 'always',
          () => setSpan('always'),
          t('folderAccess.always'),
          'access-always',
        )}
        {radio(
          `${id}-span`,
          span === 'hour',
          () => setSpan('hour'),
          t('folderAccess.hour'),
          'access-hour',
        )}
        {radio(
          `${id}-span`,
          span === 'tomorrow',
          () => setSpan('tomorrow'),
          t('folderAccess.tomorrow'),
          'access-tomorrow',
        )}
      </fieldset>
      {save.error ? <ErrorCallout error={save.error} title={t('folderAccess.notSaved')} /> : null}
      <div className="file-type-actions">
        <Button
          type="submit"
          size="sm"
          variant="primary"
          busy={save.busy}
          busyLabel={t('folderAccess.saving')}
          data-testid="access-save"
        >
          {t('folderAccess.save')}
        </Button>
        <Button size="sm" variant="ghost" onClick={props.onDone} disabled={save.busy}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
