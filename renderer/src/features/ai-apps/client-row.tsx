// One AI app in a list: its mark, name and plain status, "Last used", one main button (Connect /
// Disconnect / Repair), Undo, what to try after Connect, the notice of an entry FolderGate updated
// for its new version, its problem (with "Back up and repair"), its error, and the settings file
// and raw entry under Details. `compact` (first run) keeps only the name, status and main button.
import { useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { ClientActionResult, ClientState } from '#shared/clients/clients.js';
import { useApp } from '../../app/app-state.js';
import {
  actionLabels,
  restartHint,
  entryText,
  mainAction,
  resultMessage,
  statusView,
  type ClientAction,
} from './client-status.js';
import { useAction } from '../../app/use-action.js';
import { Badge, Button, Callout, ErrorCallout } from '../../ui/ui.js';
import { ClientIcon } from './client-icon.js';
import { clientsChanged } from '../../app/apps-summary.js';
import { ProblemNote } from './client-problem.js';
import { SettingsFile } from './settings-file.js';
import { LastUsed, TryIt } from './try-it.js';
import { ClaudeExtension } from './claude-extension.js';
import { UpdatedNote } from './updated-note.js';
import { AppFolders } from './app-folders.js';
import './ai-apps.css';
import { useT } from '../../ui/i18n.js';
import { t as translate } from '#shared/i18n/i18n.js';

/** What a row reports to its list. */
export interface ClientRowProps {
  client: ClientState;
  compact?: boolean;
  /** The client's fresh state after an action. */
  onChanged(client: ClientState): void;
  /** A sentence for the page's live region. */
  onAnnounce(message: string): void;
  /** Reads the whole list again (after a failed action the file may have changed). */
  onRefresh(): void;
  /** Opens Folders, where each folder says which apps may search it (none: no such link). */
  onGoToFolders?: () => void;
}

/** One AI app with its actions. */
export function ClientRow(props: ClientRowProps): ReactNode {
  const { client, compact = false } = props;
  const { bridge } = useApp();
  const nameId = useId();
  const t = useT();
  const rowRef = useRef<HTMLLIElement>(null);
  const mainRef = useRef<HTMLButtonElement>(null);
  const nameRef = useRef<HTMLSpanElement>(null);
  const [running, setRunning] = useState<ClientAction | null>(null);
  const [done, setDone] = useState<{
    text: string;
    hint: string | null;
    /** When a Connect changed the file: the "Try it" check waits for a request after it. */
    connectedAt: number | null;
  } | null>(null);
  const act = useAction((action: ClientAction): Promise<ClientActionResult> =>
    bridge.invoke(`clients:${action}`, { id: client.id }),
  );
  const action = mainAction(client);
  const status = statusView(client.status);
  const readOnly = client.problem?.kind === 'read-only';
  // An app not found here has no settings file yet: its row stays short.
  const brief = compact || client.status === 'not-installed';

  const run = async (which: ClientAction): Promise<void> => {
    const hadFocus = rowRef.current?.contains(document.activeElement) ?? false;
    setRunning(which);
    setDone(null);
    const result = await act.run(which);
    setRunning(null);
    if (result) {
      const text = resultMessage(which, result);
      const hint = result.changed ? restartHint(result.client) : null;
      const connected = result.changed && result.client.status === 'connected';
      setDone({ text, hint, connectedAt: connected ? Date.now() : null });
      props.onChanged(result.client);
      clientsChanged();
      props.onAnnounce(hint ? `${text} ${hint}` : text);
    } else {
      props.onAnnounce(t('aiApps.notChanged', { name: client.name }));
      props.onRefresh();
    }
    // The button used was disabled while it worked (and may now read differently, or be gone):
    // keep the keyboard where the person was.
    if (hadFocus) {
      window.setTimeout(() => {
        const active = document.activeElement;
        if (active && active !== document.body && rowRef.current?.contains(active)) return;
        (mainRef.current ?? nameRef.current)?.focus();
      }, 0);
    }
  };

  return (
    <li
      className={`client-row ${brief ? 'client-row-compact' : ''}`}
      aria-labelledby={nameId}
      data-testid="client-row"
      data-client={client.id}
      data-status={client.status}
      ref={rowRef}
    >
      <ClientIcon id={client.id} name={client.name} />
      <div className="client-title">
        <span className="client-name" id={nameId} ref={nameRef} tabIndex={-1}>
          {client.name}
        </span>
        <Badge tone={status.tone}>
          <span data-testid="client-status">{status.label}</span>
        </Badge>
        {client.status === 'connected' && !compact ? <LastUsed client={client} /> : null}
      </div>
      <div className="client-actions">
        {action ? (
          <Button
            ref={mainRef}
            size="sm"
            variant={action === 'disconnect' || !client.installed ? 'secondary' : 'primary'}
            busy={running === action}
            busyLabel={actionLabels(action).busy}
            disabled={running !== null}
            onClick={() => void run(action)}
            aria-label={t('aiApps.actionLabel', {
              action: actionLabels(action).label,
              name: client.name,
            })}
            data-testid={`client-${action}`}
          >
            {actionLabels(action).label}
          </Button>
        ) : null}
        {!compact && client.canUndo ? (
          <Button
            size="sm"
            variant="ghost"
            busy={running === 'undo'}
            busyLabel={actionLabels('undo').busy}
            disabled={running !== null}
            onClick={() => void run('undo')}
            aria-label={t('aiApps.undoLabel', { action: undoLabel(client), name: client.name })}
            data-testid="client-undo"
          >
            {undoLabel(client)}
          </Button>
        ) : null}
      </div>
      <div className="client-body">
        {!compact ? <AppFolders client={client} onGoToFolders={props.onGoToFolders} /> : null}
        {/* After a Connect refused for a read-only file, its error tells that story alone. */}
        {client.problem && !(readOnly && act.error?.code === 'ClientConfigReadOnly') ? (
          <ProblemNote
            client={client}
            busy={running !== null}
            rebuilding={running === 'rebuild'}
            onRebuild={() => void run('rebuild')}
            running={running}
            onAction={(which) => void run(which)}
          />
        ) : null}
        {done ? (
          <Callout tone="success">
            <p data-testid="client-result">{done.text}</p>
            {done.hint && done.connectedAt === null ? (
              <p data-testid="client-restart-hint">
                <strong>{t('aiApps.next')}</strong> {done.hint}
              </p>
            ) : null}
          </Callout>
        ) : null}
        {done?.connectedAt != null && client.status === 'connected' ? (
          <TryIt client={client} since={done.connectedAt} />
        ) : null}
        {!brief && !done ? <UpdatedNote client={client} /> : null}
        {act.error ? (
          <ErrorCallout
            error={act.error}
            title={t('aiApps.notChangedTitle', { name: client.name })}
            onDismiss={act.clearError}
            testId="client-error"
          />
        ) : null}
        {client.extension && !brief ? (
          <ClaudeExtension client={client} onChanged={props.onChanged} />
        ) : null}
        {!brief ? <EntryDetails client={client} /> : null}
      </div>
    </li>
  );
}

/** The raw entries, for the curious and for support. */
function EntryDetails(props: { client: ClientState }): ReactNode {
  const { client } = props;
  const t = useT();
  return (
    <details className="details client-details" data-testid="client-details">
      <summary>{t('aiApps.details')}</summary>
      {/* A file with a typing mistake shows it in its problem note already. */}
      {client.problem?.rebuildable ? null : <SettingsFile client={client} />}
      <p className="muted">{t('aiApps.writes')}</p>
      <pre className="code-block">{entryText(client.expectedEntry)}</pre>
      {client.currentEntry !== null && client.status !== 'connected' ? (
        <>
          <p className="muted">{t('aiApps.holds')}</p>
          <pre className="code-block" data-testid="client-current-entry">
            {entryText(client.currentEntry)}
          </pre>
        </>
      ) : null}
    </details>
  );
}

/** "Undo connect" when Undo takes back one Connect; "Undo FolderGate’s changes" for several. */
function undoLabel(client: ClientState): string {
  return client.undoes === null
    ? actionLabels('undo').label
    : translate(`aiApps.undo.${client.undoes}`);
}
