// One logic read through logic_get: its SQL, parameters and problems.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { IpcError, IpcResponse } from '#shared/contract/ipc.js';
import { Badge, ErrorCallout, Spinner } from '../../ui/ui.js';
import { useApp } from '../../app/app-state.js';
import { toIpcError } from '../../app/bridge.js';
import './logic.css';

export type LogicAnswer = IpcResponse<'logic:get'>;

export function LogicDetail(props: { name: string }): ReactNode {
  const { bridge } = useApp();
  const [answer, setAnswer] = useState<LogicAnswer | null>(null);
  const [error, setError] = useState<IpcError | null>(null);

  useEffect(() => {
    let live = true;
    setAnswer(null);
    setError(null);
    bridge.invoke('logic:get', { name: props.name }).then(
      (result) => live && setAnswer(result),
      (caught: unknown) => live && setError(toIpcError(caught)),
    );
    return () => {
      live = false;
    };
  }, [bridge, props.name]);

  if (error) return <ErrorCallout error={error} title="Could not read this logic" />;
  if (!answer) {
    return (
      <p className="muted inline-status">
        <Spinner /> Loading {props.name}…
      </p>
    );
  }
  if (!answer.ok) return <ErrorCallout error={answer.error} title="This logic cannot be read" />;
  const { logic } = answer;
  return (
    <article className="logic-detail" data-testid="logic-detail" aria-label={`Logic ${logic.name}`}>
      <h3 className="logic-title">
        <code>{logic.name}</code>
      </h3>
      <dl className="meta">
        <div>
          <dt>Who may run it</dt>
          <dd>
            {logic.auth.required ? (
              <>
                <Badge tone="warning">Sign-in required</Badge>
                {logic.auth.roles.length > 0 ? (
                  <span className="roles">
                    Roles:{' '}
                    {logic.auth.roles.map((role) => (
                      <Badge key={role} tone="neutral">
                        {role}
                      </Badge>
                    ))}
                  </span>
                ) : (
                  <span className="muted"> Any signed-in user</span>
                )}
              </>
            ) : (
              <Badge tone="success">Public</Badge>
            )}
          </dd>
        </div>
      </dl>
      <h4 className="subheading">Parameters</h4>
      {logic.params.length === 0 ? (
        <p className="muted">This logic takes no parameters.</p>
      ) : (
        <div className="table-wrap">
          <table className="table table-compact">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Required</th>
              </tr>
            </thead>
            <tbody>
              {logic.params.map((param) => (
                <tr key={param.name}>
                  <td>
                    <code>{param.name}</code>
                  </td>
                  <td>{param.type}</td>
                  <td>{param.required ? 'Yes' : 'No'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h4 className="subheading">SQL</h4>
      <pre className="code-block sql-block">
        <code>{logic.sql}</code>
      </pre>
    </article>
  );
}
