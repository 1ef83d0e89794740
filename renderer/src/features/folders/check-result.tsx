// What the live check of a typed or picked folder found: checking, a problem (with "Did you
// mean …?" when a folder close to it exists), ready to add, warnings.
import type { ReactNode } from 'react';
import type { IpcError } from '#shared/errors/ipc-error.js';
import { ErrorCallout, Spinner } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import type { FolderCheck } from './folder-check.js';
import './folders.css';
import { useT } from '../../ui/i18n.js';
import { Trans } from '../../ui/i18n.js';

/** What the check found, announced politely: checking, a problem, ready to add, warnings. */
export function CheckResult(props: {
  id: string;
  shown: boolean;
  checking: boolean;
  check: FolderCheck | null;
  checkError: IpcError | null;
  announcement: string;
  onUse(path: string): void;
}): ReactNode {
  const t = useT();
  return (
    <div id={props.id} className="check-result" aria-live="polite" data-testid="folder-check">
      {props.shown && props.checking ? (
        <p className="muted inline-status">
          <Spinner /> {t('folders.check.checking')}
        </p>
      ) : null}
      {props.shown && !props.checking && props.checkError ? (
        <ErrorCallout error={props.checkError} title={t('folders.check.failed')} />
      ) : null}
      {props.shown && !props.checking && props.check && !props.check.ok ? (
        <p className="field-error" data-testid="folder-check-error">
          {props.check.error ?? t('folders.check.cannotAdd')}
        </p>
      ) : null}
      {props.shown && !props.checking && props.check?.didYouMean ? (
        <p className="did-you-mean" data-testid="did-you-mean">
          <Trans
            i18nKey="folders.check.didYouMean"
            values={{ path: props.check.didYouMean }}
            components={[
              <button
                key="use"
                type="button"
                className="link-button path"
                onClick={() => props.onUse(props.check!.didYouMean!)}
              />,
            ]}
          />
        </p>
      ) : null}
      {props.shown && !props.checking && props.check?.ok ? (
        <div className="check-ok">
          <p className="check-path">
            <span className="ok-icon" aria-hidden="true">
              {Icon.check}
            </span>
            <span>
              <Trans
                i18nKey="folders.check.ready"
                values={{ path: props.check.path }}
                components={[<code key="path" className="path" />]}
              />
            </span>
          </p>
        </div>
      ) : null}
      {props.shown && !props.checking && props.check && props.check.warnings.length > 0 ? (
        <ul
          className="warning-list"
          aria-label={t('folders.check.warnings')}
          data-testid="folder-check-warnings"
        >
          {props.check.warnings.map((warning) => (
            <li key={warning}>
              <span aria-hidden="true">{Icon.warning}</span> {warning}
            </li>
          ))}
        </ul>
      ) : null}
      {props.announcement ? <p className="success-text">{props.announcement}</p> : null}
    </div>
  );
}
