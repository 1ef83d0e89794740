// The "Pause AI access" switch, used in the sidebar, the paused banner and the Server screen.
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import type { IpcError } from '#shared/contract/ipc.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import { focusScreenTitle } from '../approval/approval-banner.js';
import { Button, ErrorCallout, Switch } from '../../ui/ui.js';
import { useT } from '../../ui/i18n.js';
import { Trans } from '../../ui/i18n.js';
import { t as translate } from '#shared/i18n/i18n.js';
import { formatDayLong, formatTime } from '../../ui/format.js';

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
  const time = formatTime(until);
  if (until.toDateString() === now.toDateString()) return translate('pause.until', { time });
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  if (until.toDateString() === tomorrow.toDateString())
    return translate('pause.untilTomorrow', { time });
  return translate('pause.untilDay', { day: formatDayLong(until), time });
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
  const t = useT();
  return (
    <div className="pause-switch">
      <Switch
        checked={pause.paused}
        onChange={pause.setPaused}
        label={t('pause.label')}
        busy={pause.busy}
        describedBy={props.describedBy}
        testId={props.testId ?? 'pause-switch'}
      />
      {pause.error ? (
        <ErrorCallout error={pause.error} title={t('pause.failed')} onDismiss={pause.clearError} />
      ) : null}
    </div>
  );
}

/** The banner shown on every screen while access is paused. */
export function PausedBanner(): ReactNode {
  const pause = usePause();
  const t = useT();
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
          <Trans
            i18nKey="pause.pausedUntil"
            values={{ until: untilText(pause.until) }}
            components={[<strong key="paused" />]}
          />
        ) : (
          <Trans i18nKey="pause.paused" components={[<strong key="paused" />]} />
        )}
      </div>
      <Button
        size="sm"
        variant="primary"
        onClick={() => pause.setPaused(false)}
        busy={pause.busy}
        busyLabel={t('pause.resuming')}
        data-testid="resume-access"
      >
        {t('pause.resume')}
      </Button>
      {pause.error ? (
        <ErrorCallout
          error={pause.error}
          title={t('pause.resumeFailed')}
          onDismiss={pause.clearError}
        />
      ) : null}
    </div>
  );
}
