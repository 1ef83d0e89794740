// The settings channels: read, pause, limits, first run, start over.
import type { IpcHandlers } from '#shared/contract/ipc.js';
import type { HandlerDeps } from '../handler-deps.js';

type SettingsChannel =
  | 'settings:get'
  | 'settings:setPaused'
  | 'settings:update'
  | 'settings:completeFirstRun'
  | 'settings:startOver';

/** The settings channels. */
export function register({ store }: HandlerDeps): Pick<IpcHandlers, SettingsChannel> {
  return {
    'settings:get': () => store.refresh(),
    'settings:setPaused': ({ paused }) => store.update((s) => ({ ...s, paused })),
    'settings:update': ({ limits, exclude, followSymlinks }) =>
      store.update((s) => ({
        ...s,
        limits: { ...s.limits, ...limits },
        exclude: exclude ?? s.exclude,
        followSymlinks: followSymlinks ?? s.followSymlinks,
      })),
    'settings:completeFirstRun': () => store.update((s) => ({ ...s, firstRunCompleted: true })),
    'settings:startOver': () => store.startOver(),
  };
}
