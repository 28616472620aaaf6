import Handlebars from 'handlebars';
import { PlatenError, TemplateError } from '../errors.js';
import { countedCall, installOutputBudget, withOutputBudget } from '../limits/output-budget.js';
import { blockExpansionCounter, checkBlockNesting } from '../limits/template-shape.js';
import { BoundedCache } from '../bounded-cache.js';
import { registerBarcodeHelpers } from './barcodes.js';
import { replaceBlocks } from './svc-blocks.js';

export { blockIds, replaceBlocks } from './svc-blocks.js';

export interface ExpandOptions {
  /** Block components by ID, for `<svc-block id="comp_…">` placeholders. */
  readonly blocks?: Readonly<Record<string, string>>;
  /** Stop with document_too_large once loops and partials have produced more than this (bytes). */
  readonly maxBytes?: number;
}

type CompiledTemplate = (data: unknown, options?: Handlebars.RuntimeOptions) => string;

/**
 * One isolated Handlebars environment: templates cannot register helpers or partials
 * that leak into other renders, and only the built-in helpers and ours (barcodes) exist.
 */
const env = Handlebars.create();
// `{{log}}` would write to the console; library code reports nothing there.
env.registerHelper('log', () => '');
// Prototype-access denials are logged through Handlebars' shared logger; silence it.
(env.logger as { level: number | string }).level = 'silent';
// Loops and partials stop once they have produced more than the size limit (limits/output-budget.ts).
installOutputBudget(env);
registerBarcodeHelpers(env);

const RUNTIME_OPTIONS: Handlebars.RuntimeOptions = {
  allowProtoPropertiesByDefault: false,
  allowProtoMethodsByDefault: false,
  allowCallsToHelperMissing: false,
};

/**
 * Compiled templates by source: a service renders the same few templates again and again.
 * Bounded by source length too: an entry holds about 3.2 bytes of heap per character of its
 * source (the key, the generated function's text, the AST's strings; 190 KB for a 60 KB
 * template) and 7 of resident memory, so 200 distinct large templates (each render of the
 * load test's abusive tenant is one) kept some 40 MB of heap in a render worker. 4 Mi
 * characters: about 13 MB.
 */
const cache = new BoundedCache<string, CompiledTemplate>(200, { max: 4 * 2 ** 20, of: (_, source) => source.length });
const MAX_BLOCK_DEPTH = 5;

/**
 * Expand a Handlebars template with `data`, then replace `<svc-block id="…">` placeholders
 * by their block components, expanded with the same data (a missing block → nothing).
 * @throws TemplateError when the template (or a block) does not compile or run.
 */
export function expandTemplate(html: string, data: unknown, options: ExpandOptions = {}): string {
  const counted = blockExpansionCounter();
  return withOutputBudget(options.maxBytes, () => expandWithBlocks(html, data, options.blocks ?? {}, 0, null, counted));
}

function expandWithBlocks(
  html: string,
  data: unknown,
  blocks: Readonly<Record<string, string>>,
  depth: number,
  blockId: string | null,
  countBlock: () => void,
): string {
  const out = run(compile(html, blockId), html, data, blockId);
  return replaceBlocks(out, (id) => {
    const source = Object.hasOwn(blocks, id) ? blocks[id] : undefined;
    if (source === undefined || depth >= MAX_BLOCK_DEPTH) return '';
    countBlock();
    // A block's output counts towards the size limit like a partial's.
    return countedCall(() => expandWithBlocks(source, data, blocks, depth + 1, id, countBlock));
  });
}

function compile(source: string, blockId: string | null): CompiledTemplate {
  return cache.get(source, () => {
    checkBlockNesting(source, blockId ? ` in block ${blockId}` : '');
    try {
      // Parse eagerly (compile() is lazy) so syntax errors surface here with their line.
      const ast = env.parse(source);
      return env.compile(ast, { strict: false, preventIndent: true }) as CompiledTemplate;
    } catch (error) {
      throw toTemplateError(error, blockId);
    }
  });
}

function run(template: CompiledTemplate, source: string, data: unknown, blockId: string | null): string {
  try {
    return template(data ?? {}, RUNTIME_OPTIONS);
  } catch (error) {
    if (error instanceof PlatenError) throw error;
    throw toTemplateError(error, blockId, source);
  }
}

/**
 * Map Handlebars' errors to a TemplateError that keeps Handlebars' own detail ("Expecting
 * 'OPEN_ENDBLOCK', got 'EOF'") and the line: from "Parse error on line N:", from `lineNumber`,
 * or, for a missing helper (a run-time error without a place), from where the template calls it.
 */
function toTemplateError(error: unknown, blockId: string | null, source?: string): TemplateError {
  const raw = error instanceof Error ? error.message : String(error);
  const lines = raw.split('\n');
  const parse = /^Parse error on line (\d+)/.exec(lines[0] ?? '');
  const fromField = (error as { lineNumber?: unknown } | null)?.lineNumber;
  const helper = /^Missing helper: "(.*)"$/.exec(raw);
  const line = parse
    ? Number(parse[1])
    : typeof fromField === 'number'
      ? fromField
      : helper && source !== undefined
        ? lineOfHelperCall(source, helper[1]!)
        : null;
  // A parse error's last line says what was expected; other messages are one line.
  const detail = (parse ? (lines.at(-1) ?? raw) : (lines[0] ?? raw)).replace(/ - \d+:\d+$/, '');
  const where = blockId ? ` in block ${blockId}` : '';
  const message =
    line !== null
      ? `Template ${parse ? 'syntax ' : ''}error${where} on line ${line}: ${detail}`
      : `Template error${where}: ${detail}`;
  return new TemplateError(message, line);
}

/** The line of the first call of helper `name` (a mustache, block or subexpression with arguments). */
function lineOfHelperCall(source: string, name: string): number | null {
  let found: number | null = null;
  const visit = (node: unknown): void => {
    if (found !== null || typeof node !== 'object' || node === null) return;
    const n = node as {
      type?: string;
      path?: { original?: unknown };
      params?: unknown[];
      hash?: unknown;
      loc?: { start: { line: number } };
    };
    const isCall =
      (n.type === 'MustacheStatement' || n.type === 'BlockStatement' || n.type === 'SubExpression') &&
      ((n.params?.length ?? 0) > 0 || n.hash !== undefined);
    if (isCall && n.path?.original === name && n.loc) found = n.loc.start.line;
    for (const value of Object.values(n)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (typeof value === 'object' && value !== null && value !== n.loc) visit(value);
    }
  };
  try {
    visit(env.parse(source));
  } catch {
    return null;
  }
  return found;
}
