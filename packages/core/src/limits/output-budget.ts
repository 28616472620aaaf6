import type Handlebars from 'handlebars';
import { DocumentTooLargeError } from '../errors.js';

/**
 * A limit on what a template may produce *while* it runs. The size check on the expanded
 * HTML comes after expansion, so `{{#each}}` nested six deep over ten items, or inline
 * partials that each call the previous one twice, would build gigabytes first and exhaust
 * the heap (a fatal error, not an exception). Only loops and partials multiply output,
 * so only `each` and partial calls are counted.
 *
 * Counting: `levels[d]` holds the length of the outputs finished so far by counted calls
 * at depth d inside the innermost open call at depth d-1. When a call returns, its
 * children's pending lengths are inside its own output, so that level is dropped and the
 * output's length added one level up. The sum of `levels` is then the output held so far.
 * Lengths are UTF-16 units, never more than UTF-8 bytes, so a document the final byte
 * check would accept is never refused here.
 */
interface Budget {
  readonly maxLength: number;
  readonly levels: number[];
}

let active: Budget | null = null;

function enter(): void {
  active?.levels.push(0);
}

function leave(output: unknown): void {
  if (!active) return;
  active.levels.pop();
  const length = typeof output === 'string' ? output.length : 0;
  active.levels[active.levels.length - 1]! += length;
  let total = 0;
  for (const n of active.levels) total += n;
  if (total > active.maxLength)
    throw new DocumentTooLargeError(`The expanded HTML is larger than ${active.maxLength} bytes.`);
}

type BlockFn = ((context: unknown, options?: unknown) => string) & Record<string, unknown>;

function counted(fn: BlockFn | undefined): BlockFn | undefined {
  if (typeof fn !== 'function') return fn;
  const wrapper = ((context: unknown, options?: unknown) => {
    enter();
    let out: string;
    try {
      out = fn(context, options);
    } catch (error) {
      active?.levels.pop();
      throw error;
    }
    leave(out);
    return out;
  }) as BlockFn;
  return Object.assign(wrapper, fn);
}

/** Count the output of `each` iterations and of partial calls in `env` (an isolated Handlebars environment). */
export function installOutputBudget(env: typeof Handlebars): void {
  const each = env.helpers['each'] as (this: unknown, context: unknown, options: Handlebars.HelperOptions) => string;
  env.registerHelper('each', function (this: unknown, context: unknown, options: Handlebars.HelperOptions) {
    const fn = counted(options.fn as unknown as BlockFn);
    const inverse = counted(options.inverse as unknown as BlockFn);
    return each.call(this, context, { ...options, fn, inverse } as unknown as Handlebars.HelperOptions);
  });
  const vm = (env as unknown as { VM: Record<string, unknown> }).VM;
  const invokePartial = vm['invokePartial'] as (this: unknown, ...args: unknown[]) => string;
  // A copy of the runtime for this environment only: the shared Handlebars stays untouched.
  (env as unknown as { VM: Record<string, unknown> }).VM = {
    ...vm,
    invokePartial(this: unknown, ...args: unknown[]): string {
      enter();
      let out: string;
      try {
        out = invokePartial.apply(this, args);
      } catch (error) {
        active?.levels.pop();
        throw error;
      }
      leave(out);
      return out;
    },
  };
}

/** Call `render` as one counted unit (like a partial): its output joins the budget when it returns. */
export function countedCall(render: () => string): string {
  enter();
  let out: string;
  try {
    out = render();
  } catch (error) {
    active?.levels.pop();
    throw error;
  }
  leave(out);
  return out;
}

/** Run `render` with at most `maxLength` characters of counted output (no limit when undefined). */
export function withOutputBudget<T>(maxLength: number | undefined, render: () => T): T {
  if (maxLength === undefined) return render();
  const previous = active;
  active = { maxLength, levels: [0] };
  try {
    return render();
  } finally {
    active = previous;
  }
}
