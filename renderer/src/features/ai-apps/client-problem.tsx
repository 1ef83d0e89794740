// What is wrong with an AI app's settings, in words: a file that cannot be read (with "Back up and
// repair" for a JSON typing mistake), FolderGate listed twice, a program that is gone, profiles
// that do not see FolderGate.
import type { ReactNode } from 'react';
import type { ClientState } from '#shared/clients/clients.js';
import { Button } from '../../ui/ui.js';
import { ACTION_LABELS, problemWhere } from './client-status.js';
import { SettingsFile } from './settings-file.js';
import './ai-apps.css';

/**
 * A settings file that cannot be read, lists FolderGate twice, or starts a program that is gone:
 * what, where, and what to do.
 */
export function ProblemNote(props: {
  client: ClientState;
  busy: boolean;
  rebuilding: boolean;
  onRebuild(): void;
}): ReactNode {
  const { problem, name, status } = props.client;
  if (!problem) return null;
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
            ? `FolderGate can’t read ${name}’s settings file, so it leaves it untouched`
            : problem.kind === 'program-gone'
              ? `${name} can’t start FolderGate: the program it uses is gone`
              : problem.kind === 'other-profiles'
                ? `Some ${name} profiles won’t see FolderGate`
                : `${name}’s settings file lists FolderGate more than once`}
        </p>
        {problem.rebuildable ? (
          <>
            <p>
              It has a typing mistake. FolderGate can keep a copy of it and write a repaired file
              with everything it could read, plus FolderGate.
            </p>
            <div className="inline-actions">
              <Button
                size="sm"
                variant="primary"
                busy={props.rebuilding}
                busyLabel={ACTION_LABELS.rebuild.busy}
                disabled={props.busy && !props.rebuilding}
                onClick={props.onRebuild}
                aria-label={`${ACTION_LABELS.rebuild.label}: ${name}`}
                data-testid="client-rebuild"
              >
                {ACTION_LABELS.rebuild.label}
              </Button>
              <SettingsFile client={props.client} />
            </div>
            <details className="details client-problem-details">
              <summary>The mistake, for fixing it by hand</summary>
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
              <span className="callout-fix-label">What to do:</span> {problem.fix}
            </p>
          </>
        )}
      </div>
    </div>
  );
}
