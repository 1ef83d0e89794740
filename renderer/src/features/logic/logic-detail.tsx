// One logic read through logic_get: its SQL, parameters and problems.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { IpcError, IpcResponse } from '#shared/contract/ipc.js';
import { Badge, ErrorCallout, Spinner } from '../../ui/ui.js';
import { useApp } from '../../app/app-state.js';
import { toIpcError } from '../../app/bridge.js';
import './logic.css';
import { useT } from '../../ui/i18n.js';

export type LogicAnswer = IpcResponse<'logic:get'>;

export function LogicDetail(props: { name: string }): ReactNode {
  const { bridge } = useApp();
  const [answer, setAnswer] = useState<LogicAnswer | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const t = useT();

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

  if (error) return <ErrorCallout error={error} title={t('logic.detail.readFailed')} />;
  if (!answer) {
    return (
      <p className="muted inline-status">
        <Spinner /> {t('logic.detail.loading', { name: props.name })}
      </p>
    );
  }
  if (!answer.ok) return <ErrorCallout error={answer.error} title={t('logic.detail.cannotRead')} />;
  const { logic } = answer;
  return (
    <article
      className="logic-detail"
      data-testid="logic-detail"
      aria-label={t('logic.detail.label', { name: logic.name })}
    >
      <h3 className="logic-title">
        <code>{logic.name}</code>
      </h3>
      <dl className="meta">
        <div>
          <dt>{t('logic.detail.who')}</dt>
          <dd>
            {logic.auth.required ? (
              <>
                <Badge tone="warning">{t('logic.detail.signIn')}</Badge>
                {logic.auth.roles.length > 0 ? (
                  <span className="roles">
                    {t('logic.detail.roles')}{' '}
                    {logic.auth.roles.map((role) => (
                      <Badge key={role} tone="neutral">
                        {role}
                      </Badge>
                    ))}
                  </span>
                ) : (
                  <span className="muted">{t('logic.detail.anyUser')}</span>
                )}
              </>
            ) : (
              <Badge tone="success">{t('logic.detail.public')}</Badge>
            )}
          </dd>
        </div>
      </dl>
      <h4 className="subheading">{t('logic.detail.params')}</h4>
      {logic.params.length === 0 ? (
        <p className="muted">{t('logic.detail.noParams')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table table-compact">
            <thead>
              <tr>
                <th scope="col">{t('logic.detail.name')}</th>
                <th scope="col">{t('logic.detail.type')}</th>
                <th scope="col">{t('logic.detail.required')}</th>
              </tr>
            </thead>
            <tbody>
              {logic.params.map((param) => (
                <tr key={param.name}>
                  <td>
                    <code>{param.name}</code>
                  </td>
                  <td>{param.type}</td>
                  <td>{param.required ? t('logic.detail.yes') : t('logic.detail.no')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h4 className="subheading">{t('logic.detail.sql')}</h4>
      <pre className="code-block sql-block">
        <code>{logic.sql}</code>
      </pre>
    </article>
  );
}
