// The IPC contract's channel and event names without its schemas: what the preload and the
// renderer need at run time (ipc.ts holds the table; a type check there keeps the two equal).

/** Every channel of the contract, in the table's order. */
export const IPC_CHANNELS = [
  'app:info',
  'settings:get',
  'settings:setPaused',
  'settings:update',
  'settings:completeFirstRun',
  'settings:startOver',
  'control:setTool',
  'roots:setFileTypes',
  'approval:setSettings',
  'approval:state',
  'approval:answer',
  'roots:list',
  'roots:check',
  'roots:add',
  'roots:rename',
  'roots:remove',
  'roots:setDefault',
  'roots:confirm',
  'roots:pickFolder',
  'search:run',
  'logic:setCatalog',
  'logic:list',
  'logic:get',
  'server:status',
  'server:restart',
  'shell:reveal',
  'app:getStartAtLogin',
  'app:setStartAtLogin',
  'clients:list',
  'clients:connect',
  'clients:disconnect',
  'clients:repair',
  'clients:undo',
  'clients:reveal',
  'activity:query',
  'activity:recording',
  'activity:chart',
  'activity:export',
  'activity:resolvePath',
  'activity:setSettings',
] as const;

/** Every push event of the contract. */
export const IPC_EVENT_NAMES = [
  'settings:changed',
  'server:status',
  'approval:changed',
  'activity:added',
] as const;
