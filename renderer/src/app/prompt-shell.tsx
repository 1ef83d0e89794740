// The desktop app's small approval prompt (a window of its own, always on top, opened when a
// request arrives while the main window is hidden): only the request and its answers. The same
// page as the main window, with ?view=prompt.
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { ApprovalBanner } from '../features/approval/approval-banner.js';
import { useApprovalQueue } from '../features/approval/use-approval.js';
import { useApp } from './app-state.js';
import './shell.css';
import { useT } from '../ui/i18n.js';

/** Which page the window shows: the whole app, or the approval prompt alone. */
export type PageView = 'main' | 'prompt';

/** The view a URL asks for (`?view=prompt`). */
export function pageViewOf(search: string): PageView {
  return new URLSearchParams(search).get('view') === 'prompt' ? 'prompt' : 'main';
}

/** The prompt: the waiting request, or a line saying none waits (the window then closes). */
export function PromptShell(): ReactNode {
  const { bridge } = useApp();
  const { pending } = useApprovalQueue(bridge);
  const t = useT();
  useEffect(() => {
    document.title =
      pending.length > 0 ? t('shell.prompt.titleWaiting') : t('shell.prompt.titleNone');
  }, [pending.length, t]);
  return (
    <main id="main" className="prompt-shell" tabIndex={-1} data-testid="prompt-shell">
      <h1 className="visually-hidden" data-page-title tabIndex={-1}>
        {t('shell.prompt.heading')}
      </h1>
      <ApprovalBanner />
      {pending.length === 0 ? (
        <p className="prompt-empty muted" role="status" data-testid="prompt-empty">
          {t('shell.prompt.none')}
        </p>
      ) : null}
    </main>
  );
}
