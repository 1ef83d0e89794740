// The one validation package: zod schemas and pure functions shared by mcp-server, main and
// renderer. Nothing here touches Electron, the DOM or the file system.
export * from './cursor.js';
export * from './date-time.js';
export * from './errors.js';
export * from './ipc.js';
export * from './json-schema.js';
export * from './logic.js';
export * from './search-by-time.js';
export * from './settings.js';
