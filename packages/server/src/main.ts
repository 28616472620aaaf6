#!/usr/bin/env node
/** `node packages/server/dist/main.js`: run the server from PLATEN_* variables (the CLI's `platen serve` does the same with flags). */
import { loadConfig } from './config.js';
import { startServer } from './server.js';

const server = await startServer(loadConfig(process.env));
process.stdout.write(JSON.stringify({ level: 'info', msg: 'listening', url: server.url }) + '\n');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void server.close().then(() => process.exit(0)));
}
