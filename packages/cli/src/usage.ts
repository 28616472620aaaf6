/** Wrong command-line usage: exit status 2. */
export class UsageError extends Error {}

/** A request that cannot be done as asked (an existing user, a missing folder): one line, exit status 1. */
export class UserError extends Error {}

/** Print one clear line for the user and exit non-zero; stack traces only for real bugs. */
export function fail(error: unknown): never {
  if (error instanceof UsageError) {
    process.stderr.write(`platen: ${error.message}\n`);
    process.exit(2);
  }
  if (error instanceof UserError) {
    process.stderr.write(`platen: ${error.message}\n`);
    process.exit(1);
  }
  if (isPlatenError(error)) {
    const param = error.param ? ` (${error.param})` : '';
    process.stderr.write(`platen: ${error.code}${param}: ${error.message}\n`);
    process.exit(1);
  }
  if (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('E')) {
    process.stderr.write(`platen: ${error.message}\n`); // file system errors: ENOENT, EACCES …
    process.exit(1);
  }
  process.stderr.write(
    `platen: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
}

/**
 * A @platen/core PlatenError, known by its API error code (lower snake case, as the server's
 * envelope has it) rather than by class: this module must not load the core (`platen --help`,
 * `serve`), and `render` may run from the bundle, which holds its own copy of the class.
 */
function isPlatenError(error: unknown): error is Error & { code: string; param?: string } {
  return (
    error instanceof Error && 'code' in error && typeof error.code === 'string' && /^[a-z]+(_[a-z]+)*$/.test(error.code)
  );
}
