// The updates:* channels: the updater's state, check now, restart to update, take it back.
import type { IpcHandlers } from '#shared/contract/ipc.js';
import type { UpdateService } from './update-service.js';

export function register(
  updates: UpdateService,
): Pick<
  IpcHandlers,
  'updates:state' | 'updates:check' | 'updates:restart' | 'updates:cancelRestart'
> {
  return {
    'updates:state': async () => updates.state(),
    'updates:check': () => updates.check(),
    'updates:restart': () => updates.restart(),
    'updates:cancelRestart': async () => updates.cancelRestart(),
  };
}
