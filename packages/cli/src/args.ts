import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './usage.js';

/**
 * Parse a command's arguments with node:util's parseArgs (strict), adding `-h/--help`, and turn
 * its errors into one line for the user: an unknown option names the closest known one.
 */
/** The options a command takes, as node:util's parseArgs describes them. */
export type CommandOptions = NonNullable<ParseArgsConfig['options']>;

const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const;

type Parsed<T extends CommandOptions> = ReturnType<
  typeof parseArgs<{ args: string[]; options: T & typeof HELP_OPTION; allowPositionals: true; strict: true }>
>;

export function parseCommand<const T extends CommandOptions>(command: string, args: string[], options: T): Parsed<T> {
  const all = { ...options, ...HELP_OPTION };
  try {
    return parseArgs({ args, options: all, allowPositionals: true, strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const unknown = /^Unknown option '(-[^']*)'/.exec(message);
    if (!unknown) throw new UsageError(`${message.split('\n')[0]} (see "platen ${command} --help")`);
    const option = unknown[1]!;
    const closest = closestOption(option.replace(/^-+/, '').split('=')[0]!, Object.keys(all));
    const hint = closest ? `; did you mean --${closest}?` : '';
    throw new UsageError(`unknown option ${option} for "platen ${command}"${hint} (see "platen ${command} --help")`);
  }
}

/** The known option nearest to `name` by edit distance (at most a third of its length, at least 2), or null. */
export function closestOption(name: string, known: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const candidate of known) {
    const distance = candidate.startsWith(name) && name.length >= 3 ? 1 : editDistance(name, candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/** Levenshtein distance, with an adjacent transposition counted as one edit ("fromat" → "format"). */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}
