// What is wrong with an AI app's settings, in words: a file that cannot be read (with "Back up and
// repair" for a JSON typing mistake), FolderGate listed twice, a program that is gone, profiles
// that do not see FolderGate, Gemini CLI's lists that exclude it (with the one-click fix the
// person chooses), Claude with FolderGate both as an extension and in its file (remove one).
import type { ReactNode } from 'react';
import type { ClientState } from '#shared/clients/clients.js';
import { Button } from '../../ui/ui.js';
import { actionLabels, problemWhere, type ClientAction } from './client-status.js';
import { FixableNote } from './fixable-note.js';
import { SettingsFile } from './settings-file.js';
import './ai-apps.css';
import { useT } from '../../ui/i18n.js';

/**
 * A settings file that cannot be read, lists FolderGate twice, or starts a program that is gone:
 * what, where, and what to do.
 */
export function ProblemNote(props: {
  client: ClientState;
  busy: boolean;
  rebuilding: boolean;
  onRebuild(): void;
  /** The action running now, and how to run the problem's own fix (allow, disconnect). */
  running?: ClientAction | null;
  onAction?(action: ClientAction): void;
}): ReactNode {
  const { problem, name, status } = props.client;
  const t = useT();
  if (!problem) return null;
  if (problem.kind === 'excluded' || problem.kind === 'twice')
    return <FixableNote {...props} problem={problem} />;
  const unreadable = status === 'unreadable';
  const where = problemWhere(problem);
  // The service's message usually names the line already; say it separately only when not.
  const sayWhere = where !== null && !problem.message.toLowerCase().includes(where.toLowerCase());
  return (
    <div
      className={`callout ${unreadable ? 'callout-error' : 'callout-warning'}`}
      role="note"
      data-testid="client-problem"
    >
      <div className="callout-body">
        <p className="callout-title">
          {unreadable
            ? t('aiApps.problem.unreadable', { name })
            : problem.kind === 'program-gone'
              ? t('aiApps.problem.programGone', { name })
              : problem.kind === 'other-profiles'
                ? t('aiApps.problem.otherProfiles', { name })
                : problem.kind === 'read-only'
                  ? t('aiApps.problem.readOnly', { name })
                  : t('aiApps.problem.duplicate', { name })}
        </p>
        {problem.rebuildable ? (
          <>
            <p>{t('aiApps.problem.typingMistake')}</p>
            <div className="inline-actions">
              <Button
                size="sm"
                variant="primary"
                busy={props.rebuilding}
                busyLabel={actionLabels('rebuild').busy}
                disabled={props.busy && !props.rebuilding}
                onClick={props.onRebuild}
                aria-label={t('aiApps.undoLabel', { action: actionLabels('rebuild').label, name })}
                data-testid="client-rebuild"
              >
                {actionLabels('rebuild').label}
              </Button>
              <SettingsFile client={props.client} />
            </div>
            <details className="details client-problem-details">
              <summary>{t('aiApps.problem.byHand')}</summary>
              <p>{problem.message}</p>
              {sayWhere ? <p>{where}</p> : null}
              <p>{problem.fix}</p>
            </details>
          </>
        ) : (
          <>
            <p>{problem.message}</p>
            {sayWhere ? <p>{where}</p> : null}
            <p className="callout-fix">
              <span className="callout-fix-label">{t('common.error.whatToDo')}</span> {problem.fix}
            </p>
          </>
        )}
      </div>
    </div>
  );
}
