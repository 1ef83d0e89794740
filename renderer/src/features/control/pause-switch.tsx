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
  busy: boolean;
  setPaused(next: boolean): void;
  error: IpcError | null;
  clearError(): void;
} {
  const { bridge, view, setView } = useApp();
  const action = useAction((paused: boolean) => bridge.invoke('settings:setPaused', { paused }));
  return {
    paused: view.settings.paused,
    busy: action.busy,
    error: action.error,
    clearError: action.clearError,
    setPaused(next: boolean) {
      // A second press while the first is on its way changes nothing.
      if (action.busy) return;
      void action.run(next).then((result) => result && setView(result));
    },
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
      <div className="banner-text">
        <strong>AI access is paused.</strong> AI apps are refused every search until you resume.
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
