// Quitting: the first `before-quit` is held until the core has stopped its server child, then
// the app quits for real. Until then closing the window only hides it (close-to-tray).
import type { App } from 'electron';

/** Whether the app is on its way out (the window then closes instead of hiding). */
export interface QuitState {
  isQuitting(): boolean;
}

/** Makes every quit wait for `stop` (bounded by `timeoutMs`). */
export function stopBeforeQuit(
  app: Pick<App, 'on' | 'quit'>,
  stop: () => Promise<void>,
  timeoutMs = 8_000,
): QuitState {
  let quitting = false;
  let stopped = false;
  app.on('before-quit', (event) => {
    quitting = true;
    if (stopped) return;
    event.preventDefault();
    const timer = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref());
    void Promise.race([stop().catch(() => undefined), timer]).then(() => {
      stopped = true;
      app.quit();
    });
  });
  return { isQuitting: () => quitting };
}
