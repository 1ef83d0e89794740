// Who sent an approval request, in words: plain outside, and for a process FolderGate checked
// (Linux), its number, program and what started it inside a Details disclosure.
import type { ReactNode } from 'react';
import type { PendingApproval } from '#shared/approval/approval.js';
import { t as translate } from '#shared/i18n/i18n.js';

type OriginRequest = Pick<
  PendingApproval,
  'client' | 'pid' | 'origin' | 'executable' | 'startedBy'
>;

/**
 * Who sent the request, in words: the name the app gave itself (which any app can choose) and,
 * where the system proves it (Linux), the process that asked, its program and what started it;
 * a request whose process could not be checked says so. The executable is marked `<0>…</0>`.
 */
function markedOrigin(request: OriginRequest): string {
  const app = appWords(request);
  if (request.origin === 'unchecked') return translate('approval.sentByUnchecked', { app });
  if (request.origin === 'unsupported') return translate('approval.sentBy', { app });
  // A checked process always has its executable (approval-peer.ts).
  const sender = { app, pid: String(request.pid), executable: request.executable ?? '' };
  return request.startedBy
    ? translate('approval.sentByProgram', { ...sender, program: request.startedBy })
    : translate('approval.sentByProcess', sender);
}

/** The app as it named itself ("an app that calls itself “Cursor”"). */
function appWords(request: OriginRequest): string {
  const { name } = request.client;
  return name.trim() === ''
    ? translate('approval.noName')
    : translate('approval.namedApp', { name });
}

/**
 * The sentence split around the executable's marked place. Found by its exact text, last: the
 * app's name (which the app chose) comes before it and may hold anything, marks included.
 */
function splitOrigin(request: OriginRequest): [string, string | null, string] {
  const text = markedOrigin(request);
  const mark = `<0>${request.executable ?? ''}</0>`;
  const at = request.origin === 'checked' ? text.lastIndexOf(mark) : -1;
  if (at < 0) return [text, null, ''];
  return [text.slice(0, at), request.executable ?? '', text.slice(at + mark.length)];
}

/** Who sent the request, as plain text. */
export function requestOrigin(request: OriginRequest): string {
  const [before, executable, after] = splitOrigin(request);
  return `${before}${executable ?? ''}${after}`;
}

/** Who sent the request, the program's path shown as a path (never read as words of the sentence). */
function RequestOrigin({ request }: { request: OriginRequest }): ReactNode {
  const [before, executable, after] = splitOrigin(request);
  return (
    <>
      {before}
      {executable === null ? null : <code className="path">{executable}</code>}
      {after}
    </>
  );
}

/**
 * Who sent the request: in plain words, and for a process FolderGate checked, its number, program
 * and what started it inside a Details disclosure (words for the curious, not for the decision).
 */
export function OriginNote({ request }: { request: OriginRequest }): ReactNode {
  if (request.origin !== 'checked')
    return (
      <p className="muted approval-note" data-testid="approval-origin">
        <RequestOrigin request={request} />
      </p>
    );
  return (
    <div className="muted approval-note" data-testid="approval-origin">
      <p data-testid="approval-origin-plain">
        {translate('approval.sentByChecked', { app: appWords(request) })}
      </p>
      <details className="approval-origin-details" data-testid="approval-origin-details">
        <summary>{translate('approval.originDetails')}</summary>
        <p data-testid="approval-origin-full">
          <RequestOrigin request={request} />
        </p>
      </details>
    </div>
  );
}
