import { AdminError, createApiKey, createUser, loadConfig } from '@platen/server';
import { parseCommand } from '../args.js';
import { UsageError, UserError } from '../usage.js';

const USER_HELP = `Usage: platen user create --email E --password P [--data-dir DIR]

Creates a user in the service's database (also when sign-up is closed) and prints it as JSON.
The password needs at least 8 characters. --data-dir defaults to PLATEN_DATA_DIR or ./data.
`;

const KEY_HELP = `Usage: platen key create --email E --name N [--permission full_access|render_only] [--data-dir DIR]

Creates an API key for the user with that email and prints it: it is the only copy, store it.
render_only keys can only render. --data-dir defaults to PLATEN_DATA_DIR or ./data.
`;

function required(values: Record<string, unknown>, name: string, command: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '')
    throw new UsageError(`--${name} is required (see "platen ${command} --help")`);
  return value;
}

/** The admin functions' refusals (email taken, no such user) are the user's errors: one line. */
async function asUserError<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof AdminError ? new UserError(error.message) : error;
  }
}

/** The server's database: PLATEN_DATABASE_URL's, else the SQLite file in the data directory. */
function database(values: Record<string, unknown>): { dataDir: string; databaseUrl: string | null } {
  const dir = values['data-dir'];
  const config = loadConfig(process.env, typeof dir === 'string' ? { dataDir: dir } : {}, false);
  return { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
}

/** `platen user create --email E --password P`: for installs with sign-up closed. */
export async function runUser(args: string[]): Promise<void> {
  const { values, positionals } = parseCommand('user create', args, {
    email: { type: 'string' },
    password: { type: 'string' },
    'data-dir': { type: 'string' },
  });
  if (values.help) return void process.stdout.write(USER_HELP);
  if (positionals[0] !== 'create' || positionals.length > 1)
    throw new UsageError(USER_HELP.split('\n')[0]!.replace('Usage: ', 'usage: '));
  const user = await asUserError(() =>
    createUser(database(values), required(values, 'email', 'user create'), required(values, 'password', 'user create')),
  );
  process.stdout.write(`${JSON.stringify(user)}\n`);
}

/** `platen key create --email E --name N [--permission P]`: prints the key once. */
export async function runKey(args: string[]): Promise<void> {
  const { values, positionals } = parseCommand('key create', args, {
    email: { type: 'string' },
    name: { type: 'string' },
    permission: { type: 'string' },
    'data-dir': { type: 'string' },
  });
  if (values.help) return void process.stdout.write(KEY_HELP);
  if (positionals[0] !== 'create' || positionals.length > 1)
    throw new UsageError(KEY_HELP.split('\n')[0]!.replace('Usage: ', 'usage: '));
  const permission = values.permission ?? 'full_access';
  if (permission !== 'full_access' && permission !== 'render_only')
    throw new UsageError(`--permission must be full_access or render_only, got "${permission}"`);
  const key = await asUserError(() =>
    createApiKey(
      database(values),
      required(values, 'email', 'key create'),
      required(values, 'name', 'key create'),
      permission,
    ),
  );
  process.stdout.write(`${key.key}\n`);
}
