// The "Pause AI access" switch, used in the sidebar, the paused banner and the Server screen.
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import type { IpcError } from '#shared/contract/ipc.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import { focusScreenTitle } from '../approval/approval-banner.js';
import { Button, ErrorCallout, Switch } from '../../ui/ui.js';

/** Hook: the pause state and a setter with loading/error state. */
export function usePause(): {
  paused: boolean;
  /** When a pause for a while ends; null while paused until resumed (or not paused). */
  until: Date | null;
  busy: boolean;
  /** Pauses (until resumed, or until `until`) or resumes. */
  setPaused(next: boolean, until?: Date): void;
  error: IpcError | null;
  clearError(): void;
} {
  const { bridge, view, setView } = useApp();
  const action = useAction((paused: boolean, until?: Date) =>
    bridge.invoke(
      'settings:setPaused',
      until ? { paused, until: until.toISOString() } : { paused },
    ),
  );
  return {
    paused: view.settings.paused,
    until:
      view.settings.paused && view.settings.pausedUntil
        ? new Date(view.settings.pausedUntil)
        : null,
    busy: action.busy,
    error: action.error,
    clearError: action.clearError,
    setPaused(next: boolean, until?: Date) {
      // A second press while the first is on its way changes nothing.
      if (action.busy) return;
      void action.run(next, until).then((result) => result && setView(result));
    },
  };
}

/** "until 15:30", or "until tomorrow, 00:00" when it ends on another day than `now`'s. */
export function untilText(until: Date, now: Date = new Date()): string {
  const time = until.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (until.toDateString() === now.toDateString()) return `until ${time}`;
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  if (until.toDateString() === tomorrow.toDateString()) return `until tomorrow, ${time}`;
  return `until ${until.toLocaleDateString(undefined, { day: 'numeric', month: 'long' })}, ${time}`;
}

/** An hour from `now`, and the next local midnight: the two "Pause for a while" choices. */
export function pauseChoices(now: Date): { hour: Date; tomorrow: Date } {
  return {
    hour: new Date(now.getTime() + 3_600_000),
    tomorrow: new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1),
  };
}

/**
 * A labelled switch: on = AI access paused. While the change is saved it is busy, not disabled,
 * so the keyboard focus stays on it (a disabled button would drop focus to the page).
 */
export function PauseSwitch(props: { describedBy?: string; testId?: string }): ReactNode {
  const pause = usePause();
  return (
    <div className="pause-switch">
      <Switch
        checked={pause.paused}
        onChange={pause.setPaused}
        label="Pause AI access"
        busy={pause.busy}
        describedBy={props.describedBy}
        testId={props.testId ?? 'pause-switch'}
      />
      {pause.error ? (
        <ErrorCallout
          error={pause.error}
          title="Could not change AI access"
          onDismiss={pause.clearError}
        />
      ) : null}
    </div>
  );
}

/** The banner shown on every screen while access is paused. */
export function PausedBanner(): ReactNode {
  const pause = usePause();
  const wasPaused = useRef(pause.paused);
  useEffect(() => {
    if (pause.paused) {
      wasPaused.current = true;
      return;
    }
    if (!wasPaused.current) return;
    wasPaused.current = false;
    // "Resume AI access" is gone with the banner: its focus goes to the screen's title.
    const active = document.activeElement;
    if (active === null || active === document.body) focusScreenTitle();
  }, [pause.paused]);
  if (!pause.paused) return null;
  return (
    <div className="banner banner-paused" role="status" data-testid="paused-banner">
      <div className="banner-text" data-testid="paused-text">
        {pause.until ? (
          <>
            <strong>AI access is paused {untilText(pause.until)}.</strong> AI apps are refused every
            search until then, or until you resume.
          </>
        ) : (
          <>
            <strong>AI access is paused.</strong> AI apps are refused every search until you resume.
          </>
        )}
      </div>
      <Button
        size="sm"
        variant="primary"
        onClick={() => pause.setPaused(false)}
        busy={pause.busy}
        busyLabel="Resuming…"
        data-testid="resume-access"
      >
        Resume AI access
      </Button>
      {pause.error ? (
        <ErrorCallout error={pause.error} title="Could not resume" onDismiss={pause.clearError} />
      ) : null}
    </div>
  );
}
