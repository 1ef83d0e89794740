// The handler table: one register() per domain (each in its folder), composed. Payloads arrive
// already parsed by dispatchIpc; expected failures are thrown as IpcError with a sentence and a fix.
import type { IpcHandlers } from '#shared/contract/ipc.js';
import { register as registerAiApps } from './ai-apps/ai-apps-handlers.js';
import { register as registerApp } from './app/app-handlers.js';
import { register as registerFolders } from './folders/folders-handlers.js';
import type { HandlerDeps } from './handler-deps.js';
import { register as registerLogic } from './logic/logic-handlers.js';
import { register as registerPreview } from './preview/preview-handlers.js';
import { register as registerSettings } from './settings/settings-handlers.js';
import { register as registerUpdates } from './updates/update-handlers.js';

export type { ControlHandlers, HandlerDeps, PlatformHooks } from './handler-deps.js';

/** Builds the handler table for every channel. */
export function createIpcHandlers(deps: HandlerDeps): IpcHandlers {
  return {
    ...registerApp(deps),
    ...registerSettings(deps),
    ...registerFolders(deps),
    ...registerPreview(deps),
    ...registerLogic(deps),
    ...registerAiApps(deps),
    ...registerUpdates(deps.updates),
    ...deps.activity,
    ...deps.control,
  } satisfies IpcHandlers;
}
