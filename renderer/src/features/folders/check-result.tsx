// What the live check of a typed or picked folder found: checking, a problem (with "Did you
// mean …?" when a folder close to it exists), ready to add, warnings.
import type { ReactNode } from 'react';
import type { IpcError } from '#shared/errors/ipc-error.js';
import { ErrorCallout, Spinner } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import type { FolderCheck } from './folder-check.js';
import './folders.css';

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
  return (
    <div id={props.id} className="check-result" aria-live="polite" data-testid="folder-check">
      {props.shown && props.checking ? (
        <p className="muted inline-status">
          <Spinner /> Checking the folder…
        </p>
      ) : null}
      {props.shown && !props.checking && props.checkError ? (
        <ErrorCallout error={props.checkError} title="Could not check this folder" />
      ) : null}
      {props.shown && !props.checking && props.check && !props.check.ok ? (
        <p className="field-error" data-testid="folder-check-error">
          {props.check.error ?? 'This folder cannot be added.'}
        </p>
      ) : null}
      {props.shown && !props.checking && props.check?.didYouMean ? (
        <p className="did-you-mean" data-testid="did-you-mean">
          Did you mean{' '}
          <button
            type="button"
            className="link-button path"
            onClick={() => props.onUse(props.check!.didYouMean!)}
          >
            {props.check.didYouMean}
          </button>
          ?
        </p>
      ) : null}
      {props.shown && !props.checking && props.check?.ok ? (
        <div className="check-ok">
          <p className="check-path">
            <span className="ok-icon" aria-hidden="true">
              {Icon.check}
            </span>
            <span>
              Ready to add <code className="path">{props.check.path}</code>
            </span>
          </p>
        </div>
      ) : null}
      {props.shown && !props.checking && props.check && props.check.warnings.length > 0 ? (
        <ul
          className="warning-list"
          aria-label="Warnings about this folder"
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
