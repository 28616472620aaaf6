#!/usr/bin/env node
/** The `platen` command line: thin wrappers over @platen/core and @platen/server. */
import { readFileSync } from 'node:fs';
import { loadBundle } from './bundle.js';
import { UsageError, fail } from './usage.js';

const HELP = `platen — HTML + Handlebars templates to PDF, no browser

Usage:
  platen render <template.html|-> [options]   render one template to PDF
  platen serve [--port N] [--host H] [--data-dir DIR]
                                             run the REST API and dashboard
  platen user create --email E --password P  create a user (also when sign-up is closed)
  platen key create --email E --name N [--permission full_access|render_only]
                                             create an API key for a user; prints it once

Run "platen <command> --help" for the options of a command; "platen --version" prints the version.
`;

/** This package's version, from the package.json beside dist/ (also in an installed tarball). */
function version(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

// Each command is imported when it runs: `platen render` need not load the server
// (SQLite, HTTP, validation), which was a third of a cold render's start-up. `render` runs
// from its bundle when that is up to date: loading its ~420 modules one by one was another third.
const commands: Record<string, (args: string[]) => Promise<void>> = {
  render: async (args) => {
    type RenderCommand = typeof import('./commands/render.js');
    const command =
      loadBundle<RenderCommand>(new URL('./bundle/', import.meta.url))?.exports ??
      ((await import('./commands/render.js')) as RenderCommand);
    // The bundle's own fail(): its errors are instances of its own copies of the classes.
    return command.runRender(args).catch(command.fail);
  },
  serve: async (args) => (await import('./commands/serve.js')).runServe(args),
  user: async (args) => (await import('./commands/accounts.js')).runUser(args),
  key: async (args) => (await import('./commands/accounts.js')).runKey(args),
};

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(HELP);
    return;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${version()}\n`);
    return;
  }
  const command = commands[name];
  if (!command) throw new UsageError(`unknown command "${name}" (try "platen --help")`);
  await command(rest);
}

main(process.argv.slice(2)).catch(fail);
