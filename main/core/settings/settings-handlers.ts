// The settings channels: read, pause, limits, first run, start over.
import { IPC_ERROR_CODES, IpcError, type IpcHandlers } from '#shared/contract/ipc.js';
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
    'settings:setPaused': ({ paused, until }) => {
      if (paused && until !== undefined && Date.parse(until) <= Date.now())
        throw new IpcError(
          IPC_ERROR_CODES.invalidPayload,
          'A pause must end in the future.',
          'Choose how long to pause again.',
        );
      return store.update((s) => ({
        ...s,
        paused,
        pausedUntil: paused && until !== undefined ? new Date(until).toISOString() : null,
      }));
    },
    'settings:update': ({
      limits,
      exclude,
      followSymlinks,
      instantSearch,
      checkForUpdates,
      language,
    }) =>
      store.update((s) => ({
        ...s,
        limits: { ...s.limits, ...limits },
        exclude: exclude ?? s.exclude,
        followSymlinks: followSymlinks ?? s.followSymlinks,
        instantSearch: instantSearch ?? s.instantSearch,
        checkForUpdates: checkForUpdates ?? s.checkForUpdates,
        language: language ?? s.language,
      })),
    'settings:completeFirstRun': () => store.update((s) => ({ ...s, firstRunCompleted: true })),
    'settings:startOver': () => store.startOver(),
  };
}
