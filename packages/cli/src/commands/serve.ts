import { loadConfig, startServer } from '@platen/server';
import { parseCommand } from '../args.js';
import { UsageError } from '../usage.js';

const HELP = `Usage: platen serve [--port N] [--host H] [--data-dir DIR]

Runs the REST API and the dashboard on SQLite in the data directory.
Flags override the PLATEN_* environment variables (see the server README).
`;

export async function runServe(args: string[]): Promise<void> {
  const { values } = parseCommand('serve', args, {
    port: { type: 'string', short: 'p' },
    host: { type: 'string' },
    'data-dir': { type: 'string' },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port < 65536))
    throw new UsageError(`--port must be a port number, got "${values.port}"`);
  const config = loadConfig(process.env, {
    ...(port === undefined ? {} : { port }),
    ...(values.host === undefined ? {} : { host: values.host }),
    ...(values['data-dir'] === undefined ? {} : { dataDir: values['data-dir'] }),
  });
  const server = await startServer(config);
  process.stderr.write(`platen: listening on ${server.url} (data in ${config.dataDir})\n`);
  const stop = () => {
    process.stderr.write('platen: shutting down, finishing renders in flight\n');
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
