// The banner shown on every screen while an AI app waits for the person's approval: what it wants
// in one sentence, which request of how many, and the four answers. A new request moves focus to
// the banner (no sound, no alert role), so a keyboard or screen reader user meets it at once; after
// the last answer focus goes to the screen's title, never to the page's <body>.
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { ApprovalAnswer } from '#shared/approval/approval.js';
import type { IpcError } from '#shared/contract/ipc.js';
import { toIpcError } from '../../app/bridge.js';
import { useApp } from '../../app/app-state.js';
import { useApprovalQueue } from './use-approval.js';
import { Button, ErrorCallout } from '../../ui/ui.js';
import './approval.css';

/** Moves focus to the current screen's title (or the main area), e.g. after a banner closes. */
export function focusScreenTitle(): void {
  const main = document.getElementById('main');
  const title = main?.querySelector<HTMLElement>('[data-page-title], .wizard-title');
  (title ?? main)?.focus();
}

/** The answers as buttons, in the prompt's order. */
export const APPROVAL_BUTTONS: { answer: ApprovalAnswer; label: string }[] = [
  { answer: 'allow-once', label: 'Allow once' },
  { answer: 'allow-15-min', label: 'Allow for 15 minutes' },
  { answer: 'allow-always', label: 'Allow always for this app' },
  { answer: 'deny', label: 'Deny' },
];

/** "0:42": minutes and seconds left until `refusedAt` (never below zero). */
export function timeLeft(refusedAt: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((refusedAt - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The countdown to the server's own refusal, ticking each second. Not a live region: a screen
 * reader reads it when the person gets there, not forty-five times.
 */
function RefusedIn(props: { refusedAt: number }): ReactNode {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="muted approval-note" data-testid="approval-countdown">
      The app waits for your answer. Refused automatically{' '}
      <span className="approval-countdown">in {timeLeft(props.refusedAt, now)}</span>.
    </p>
  );
}

/** The approval banner; nothing while no request waits. */
export function ApprovalBanner(): ReactNode {
  const { bridge } = useApp();
  const { pending, current } = useApprovalQueue(bridge);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownId = current?.id ?? null;

  const wasShown = useRef(false);

  useEffect(() => {
    if (shownId !== null) {
      wasShown.current = true;
      titleRef.current?.focus();
      return;
    }
    if (!wasShown.current) return;
    wasShown.current = false;
    // The last request was answered (or timed out) and its buttons are gone: focus would fall
    // to the page's <body>, so it goes to the screen's title instead.
    const active = document.activeElement;
    if (active === null || active === document.body) focusScreenTitle();
  }, [shownId]);

  if (!current) return null;
  const answer = async (reply: ApprovalAnswer) => {
    setBusy(true);
    setError(null);
    try {
      await bridge.invoke('approval:answer', { id: current.id, answer: reply });
    } catch (e) {
      setError(toIpcError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      className="banner banner-approval"
      aria-labelledby="approval-title"
      data-testid="approval-banner"
    >
      <div className="banner-text">
        <p className="approval-kicker">
          {pending.length > 1
            ? `Approval needed · ${pending.findIndex((p) => p.id === current.id) + 1} of ${pending.length}`
            : 'Approval needed'}
        </p>
        <h2 className="approval-title" id="approval-title" tabIndex={-1} ref={titleRef}>
          {current.description}
        </h2>
        <p className="muted approval-note" data-testid="approval-origin">
          {requestOrigin(current.client.name, current.startedBy)}
        </p>
        <RefusedIn refusedAt={current.refusedAt} />
      </div>
      <div className="approval-actions" role="group" aria-label="Your answer">
        {APPROVAL_BUTTONS.map(({ answer: reply, label }) => (
          <Button
            key={reply}
            size="sm"
            variant={reply === 'allow-once' ? 'primary' : reply === 'deny' ? 'danger' : 'secondary'}
            // Not disabled while the answer is sent: a disabled button would drop the focus.
            aria-disabled={busy || undefined}
            onClick={() => (busy ? undefined : void answer(reply))}
            data-testid={`approval-${reply}`}
          >
            {label}
          </Button>
        ))}
      </div>
      {error ? (
        <ErrorCallout
          error={error}
          title="Your answer was not sent"
          onDismiss={() => setError(null)}
        />
      ) : null}
    </section>
  );
}

/**
 * How the request reached FolderGate, in words: the name the app gave itself (which any app can
 * choose) and, where the system tells it, the program that started FolderGate's server for it.
 */
export function requestOrigin(name: string, startedBy: string | null): string {
  const app =
    name.trim() === '' ? 'an app that gave no name' : `an app that calls itself “${name}”`;
  return startedBy
    ? `Sent by ${app}, through FolderGate’s connection that the program “${startedBy}” started.`
    : `Sent by ${app}, through FolderGate’s connection.`;
}
