// Desktop notifications for AI activity (the setting "Show a notification when an AI app
// searches my folders", off by default): Electron's Notification, worded and throttled by
// activity-notice.ts; a click opens the window.
import { Notification } from 'electron';
import type { Core } from '#core/core.js';
import { createActivityNoticeGate } from './activity-notice.js';

/** Shows notifications for new activity while the setting is on; returns a stop function. */
export async function watchActivityNotifications(
  core: Pick<Core, 'handlers' | 'on'>,
  open: () => void,
): Promise<() => void> {
  let enabled = (await core.handlers['settings:get']({})).settings.activity.notify;
  const gate = createActivityNoticeGate();
  const offSettings = core.on('settings:changed', (view) => {
    enabled = view.settings.activity.notify;
  });
  const offActivity = core.on('activity:added', ({ entries }) => {
    const notice = gate.next(
      entries.map((e) => e.record),
      enabled && Notification.isSupported(),
      Date.now(),
    );
    if (!notice) return;
    const notification = new Notification({ ...notice, silent: true });
    notification.on('click', open);
    notification.show();
  });
  return () => {
    offSettings();
    offActivity();
  };
}
