// The banner shown on every screen while an AI app waits for the person's approval: what it wants
// in one sentence, which request of how many, and the four answers. A new request moves focus to
// the banner (no sound, no alert role), so a keyboard or screen reader user meets it at once; after
// the last answer focus goes to the screen's title, never to the page's <body>.
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import type { RootView } from '#shared/contract/ipc.js';
import {
  clientClaim,
  clientDisplayName,
  clientIdOfName,
  clientNameWithClaim,
} from '#shared/activity/activity-describe.js';
import { ClientIcon } from '../ai-apps/client-icon.js';
import type { ApprovalAnswer } from '#shared/approval/approval.js';
import type { IpcError } from '#shared/contract/ipc.js';
import { toIpcError } from '../../app/bridge.js';
import { useApp } from '../../app/app-state.js';
import { useApprovalQueue } from './use-approval.js';
import { Button, ErrorCallout } from '../../ui/ui.js';
import './approval.css';
import { useT } from '../../ui/i18n.js';
import { Trans } from '../../ui/i18n.js';
import { t as translate } from '#shared/i18n/i18n.js';
import { OriginNote } from './approval-origin.js';

export { requestOrigin } from './approval-origin.js';

/** Moves focus to the current screen's title (or the main area), e.g. after a banner closes. */
export function focusScreenTitle(): void {
  const main = document.getElementById('main');
  const title = main?.querySelector<HTMLElement>('[data-page-title], .wizard-title');
  (title ?? main)?.focus();
}

/** The main pair, in the prompt's order: Allow once (Enter) and Deny (Escape). */
export const APPROVAL_BUTTONS: { answer: ApprovalAnswer; label: () => string }[] = [
  { answer: 'allow-once', label: () => translate('approval.allowOnce') },
  { answer: 'deny', label: () => translate('approval.deny') },
];

/** The "remember" answers, secondary. */
export const REMEMBER_BUTTONS: { answer: ApprovalAnswer; label: () => string }[] = [
  { answer: 'allow-15-min', label: () => translate('approval.allow15') },
  { answer: 'allow-always', label: () => translate('approval.allowAlways') },
];

/**
 * How long after a request appears Enter starts to count as "Allow once": a key already on its
 * way (the person was typing elsewhere when the banner took the focus) never allows by accident.
 */
export const ENTER_GUARD_MS = 700;

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
      <Trans
        i18nKey="approval.waits"
        values={{ left: timeLeft(props.refusedAt, now) }}
        components={[<span key="left" className="approval-countdown" />]}
      />
    </p>
  );
}

/** The approval banner; nothing while no request waits. */
export function ApprovalBanner(): ReactNode {
  const { bridge, roots } = useApp();
  const { pending, current } = useApprovalQueue(bridge);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const t = useT();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownId = current?.id ?? null;
  const folder = current ? requestFolder(current.args, roots) : null;

  const wasShown = useRef(false);
  // Whether Enter allows the request on screen yet (ENTER_GUARD_MS after it appeared); shown as
  // data-enter-allows, so a test waits for it instead of for a time.
  const [enterAllows, setEnterAllows] = useState(false);

  useEffect(() => {
    setEnterAllows(false);
    if (shownId === null) return;
    const timer = setTimeout(() => setEnterAllows(true), ENTER_GUARD_MS);
    return () => clearTimeout(timer);
  }, [shownId]);

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
  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (!busy) void answer('deny');
      return;
    }
    // Enter on a button presses that button; elsewhere in the banner it is "Allow once".
    if (event.key !== 'Enter' || (event.target as HTMLElement).closest('button')) return;
    event.preventDefault();
    if (busy || !enterAllows) return;
    void answer('allow-once');
  };
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
      aria-describedby="approval-keys"
      data-testid="approval-banner"
      data-enter-allows={enterAllows}
      onKeyDown={onKeyDown}
    >
      <ClientIcon
        id={clientIdOfName(clientDisplayName(current.client))}
        name={clientDisplayName(current.client)}
      />
      <div className="banner-text">
        <p className="approval-kicker">
          {pending.length > 1
            ? t('approval.neededOf', {
                index: pending.findIndex((p) => p.id === current.id) + 1,
                count: pending.length,
              })
            : t('approval.needed')}
        </p>
        <h2 className="approval-title" id="approval-title" tabIndex={-1} ref={titleRef}>
          {current.description}
        </h2>
        {folder ? (
          <p className="approval-folder" data-testid="approval-folder">
            <Trans
              i18nKey="approval.folder"
              values={{ folder }}
              components={[<code key="folder" className="path" />]}
            />
          </p>
        ) : null}
        <OriginNote request={current} />
        {clientClaim(current.client) ? (
          <p className="muted approval-note" data-testid="approval-claim">
            {clientNameWithClaim(current.client)}
          </p>
        ) : null}
        {current.test ? (
          <p className="approval-note" data-testid="approval-test-note">
            {t('firstRunAsk.bannerNote')}
          </p>
        ) : null}
        <RefusedIn refusedAt={current.refusedAt} />
      </div>
      <div className="approval-answers">
        <div className="approval-actions" role="group" aria-label={t('approval.answerGroup')}>
          {APPROVAL_BUTTONS.map(({ answer: reply, label }) => (
            <Button
              key={reply}
              variant={reply === 'allow-once' ? 'primary' : 'danger'}
              // Not disabled while the answer is sent: a disabled button would drop the focus.
              aria-disabled={busy || undefined}
              onClick={() => (busy ? undefined : void answer(reply))}
              data-testid={`approval-${reply}`}
            >
              {label()}
            </Button>
          ))}
        </div>
        <p className="approval-keys muted" id="approval-keys">
          {t('approval.keys')}
        </p>
        <div className="approval-remember" role="group" aria-label={t('approval.rememberGroup')}>
          {REMEMBER_BUTTONS.map(({ answer: reply, label }) => (
            <Button
              key={reply}
              size="sm"
              variant="ghost"
              aria-disabled={busy || undefined}
              onClick={() => (busy ? undefined : void answer(reply))}
              data-testid={`approval-${reply}`}
            >
              {label()}
            </Button>
          ))}
        </div>
      </div>
      {error ? (
        <ErrorCallout
          error={error}
          title={t('approval.notSent')}
          onDismiss={() => setError(null)}
        />
      ) : null}
    </section>
  );
}

/** The allowed folder a request is about (its `root`, else the default), as a path; null if none. */
export function requestFolder(
  args: Record<string, unknown>,
  roots: RootView[] | null,
): string | null {
  if (!roots || roots.length === 0) return null;
  const asked = typeof args.root === 'string' ? args.root : null;
  const root =
    asked === null
      ? (roots.find((r) => r.isDefault) ?? roots[0])
      : roots.find((r) => r.name === asked || r.path === asked);
  if (!root) return asked;
  const sub = typeof args.path === 'string' && args.path !== '' ? args.path : null;
  return sub ? `${root.path}/${sub}` : root.path;
}
