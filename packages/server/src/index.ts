/** @platen/server: the self-hosted REST/JSON rendering service. */
export { loadConfig } from './config.js';
export type { Config } from './config.js';
export { startServer } from './server.js';
export type { RunningServer } from './server.js';
export { AdminError, createUser, createApiKey } from './admin.js';
export type { ApiKey, Permission } from './store/api-keys.js';
export type { User } from './store/users.js';
export type { Logger, RequestLog } from './logger.js';
