import { parseArgs } from 'node:util';
import { createApiKey, createUser, loadConfig } from '@platen/server';
import { UsageError } from '../usage.js';

function parse<const T extends Record<string, { type: 'string' }>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options: { ...options, 'data-dir': { type: 'string' } }, allowPositionals: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

function dataDir(values: Record<string, unknown>): string {
  const dir = values['data-dir'];
  return loadConfig(process.env, typeof dir === 'string' ? { dataDir: dir } : {}).dataDir;
}

/** `platen user create --email E --password P`: for installs with sign-up closed. */
export async function runUser(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, { email: { type: 'string' }, password: { type: 'string' } });
  if (positionals[0] !== 'create') throw new UsageError('usage: platen user create --email E --password P [--data-dir DIR]');
  const user = await createUser(dataDir(values), required(values, 'email'), required(values, 'password'));
  process.stdout.write(`${JSON.stringify(user)}\n`);
}

/** `platen key create --email E --name N [--permission P]`: prints the key once. */
export async function runKey(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, { email: { type: 'string' }, name: { type: 'string' }, permission: { type: 'string' } });
  if (positionals[0] !== 'create') throw new UsageError('usage: platen key create --email E --name N [--permission full_access|render_only] [--data-dir DIR]');
  const permission = values.permission ?? 'full_access';
  if (permission !== 'full_access' && permission !== 'render_only') throw new UsageError(`--permission must be full_access or render_only, got "${permission}"`);
  const key = await createApiKey(dataDir(values), required(values, 'email'), required(values, 'name'), permission);
  process.stdout.write(`${key.key}\n`);
}
