// A problem FolderGate can fix with one click the person chooses: Gemini CLI's own lists keep its
// server from starting (the fix edits only mcp.excluded and mcp.allowed), or Claude has FolderGate
// both as an extension and in its settings file (the fix removes the file's entry, the extension
// stays). The note says what the click changes before it is made.
import type { ReactNode } from 'react';
import type { ClientProblem, ClientState } from '#shared/clients/clients.js';
import { Button } from '../../ui/ui.js';
import { actionLabels, type ClientAction } from './client-status.js';
import './ai-apps.css';
import { useT } from '../../ui/i18n.js';

/** The note, with its fix's button when there is one. */
export function FixableNote(props: {
  client: ClientState;
  problem: ClientProblem;
  busy: boolean;
  running?: ClientAction | null;
  onAction?(action: ClientAction): void;
}): ReactNode {
  const { client, problem } = props;
  const t = useT();
  const twice = problem.kind === 'twice';
  // Gemini's lists: only when the person's own file is what keeps FolderGate out.
  const action: ClientAction | null = twice ? 'disconnect' : problem.allowable ? 'allow' : null;
  const labels = actionLabels(twice ? 'removeEntry' : 'allow');
  return (
    <div className="callout callout-warning" role="note" data-testid="client-problem">
      <div className="callout-body">
        <p className="callout-title">
          {twice
            ? t('aiApps.problem.twice', { name: client.name })
            : t('aiApps.problem.excluded', { name: client.name })}
        </p>
        <p>{problem.message}</p>
        <p className="callout-fix">
          <span className="callout-fix-label">{t('common.error.whatToDo')}</span> {problem.fix}
        </p>
        {action && props.onAction ? (
          <div className="inline-actions">
            <Button
              size="sm"
              variant="primary"
              busy={props.running === action}
              busyLabel={labels.busy}
              disabled={props.busy}
              onClick={() => props.onAction?.(action)}
              data-testid={`client-fix-${action}`}
            >
              {labels.label}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
