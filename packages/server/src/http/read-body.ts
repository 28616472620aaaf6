import type { H3Event } from 'h3';
import type { z } from 'zod';
import type { PdfFormat } from '@platen/core/options';
import { checkFormat } from '../render/format.js';
import { FORMAT_FIELDS } from '../schemas/format.js';
import { discardRestOfBody, nodePair, type NodePair } from './discard-body.js';
import { createByteBudget, type ByteBudget } from './byte-budget.js';
import {
  bodiesInFlight,
  invalidJson,
  invalidParameter,
  missingParameter,
  nestingTooDeep,
  payloadTooLarge,
  unsupportedMediaType,
} from '../errors.js';

export interface BodyLimits {
  readonly maxBodyBytes: number;
  /** Over every request reading its body under these limits at once. */
  readonly maxBodyBytesInFlight: number;
  readonly maxJsonDepth: number;
}

/**
 * One budget per server (its limits object): without it, n uploads at once held n × 10 MiB in
 * the main thread, and glibc keeps what the main thread's peak took (issue 17, finding 5).
 */
const budgets = new WeakMap<BodyLimits, ByteBudget>();
function budgetOf(limits: BodyLimits): ByteBudget {
  let budget = budgets.get(limits);
  if (!budget) budgets.set(limits, (budget = createByteBudget(limits.maxBodyBytesInFlight)));
  return budget;
}

const isJsonType = (type: string) => /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type.trim());

/**
 * The body of a Node request, counted as it arrives; over `max`, the rest is discarded and the
 * promise fails with 413. Its bytes are taken from `budget` as they arrive (the caller gives
 * back `taken()` once it is done with them); past the budget, the rest is discarded and the
 * promise fails with 429.
 */
function readNodeBody(node: NodePair, max: number, budget: ByteBudget, taken: { bytes: number }): Promise<Buffer> {
  const { req } = node;
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const refuse = (error: Error) => {
      discardRestOfBody(node, max, size); // listens before ours is removed, so the stream keeps flowing
      cleanup();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > max) return refuse(payloadTooLarge(max));
      if (!budget.take(chunk.byteLength)) return refuse(bodiesInFlight());
      taken.bytes += chunk.byteLength;
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => {
      cleanup();
      reject(new Error('The client closed the connection before sending the whole body.'));
    };
    req.on('data', onData).once('end', onEnd).once('error', onError).once('close', onClose);
  });
}

/**
 * The raw body, counted as it streams so a chunked upload cannot exceed the
 * limit either; Content-Length over the limit is refused before reading. Either
 * way the rest of a refused body is read and dropped (discard-body.ts) so the
 * client gets the 413 rather than a connection reset.
 */
async function readLimitedText(event: H3Event, limits: BodyLimits): Promise<string> {
  const max = limits.maxBodyBytes;
  const node = nodePair(event);
  const declared = Number(event.req.headers.get('content-length') ?? NaN);
  if (declared > max) {
    if (node) discardRestOfBody(node, max, 0);
    throw payloadTooLarge(max);
  }
  if (node) {
    const budget = budgetOf(limits);
    const taken = { bytes: 0 };
    try {
      return (await readNodeBody(node, max, budget, taken)).toString('utf8');
    } finally {
      budget.give(taken.bytes);
    }
  }
  // Other runtimes (app.fetch): the web stream; they own their sockets.
  const body = event.req.body;
  if (!body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw payloadTooLarge(max);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Deepest array/object nesting in JSON text (top level = 1), scanning strings correctly. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) max = Math.max(max, ++depth);
    else if (c === 125 || c === 93) depth--;
  }
  return max;
}

/**
 * Parse a JSON body strictly: non-JSON content types → 415, over the size
 * limit → 413, malformed → 400 invalid_json, deeper than the limit → 400
 * nesting_too_deep. An empty body reads as `{}` so optional bodies may be left out.
 */
export async function readJson(event: H3Event, limits: BodyLimits): Promise<unknown> {
  const type = event.req.headers.get('content-type');
  const text = await readLimitedText(event, limits);
  if (text.trim() === '' && !type) return {};
  if (!type || !isJsonType(type)) throw unsupportedMediaType();
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidJson();
  }
  if (jsonDepth(text) > limits.maxJsonDepth) throw nestingTooDeep(limits.maxJsonDepth);
  return value;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Validate with a zod schema. The first issue becomes the error: a required
 * field that is absent → missing_parameter, anything else → invalid_parameter;
 * `param` is the dotted path from the body/query root, after `prefix`.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw invalidParameter(undefined, 'The request body must be a JSON object.');
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw invalidParameter(undefined, 'Invalid request.');
  const param = [prefix, ...issue.path.map(String)].filter((p) => p !== '').join('.');
  // Inside a page format, core's check names the first faulty field in core's words (as the CLI and the library do).
  const top = issue.path[0];
  if (prefix === '' && typeof top === 'string' && FORMAT_FIELDS.has(top))
    checkFormat((input as Record<string, unknown>)[top] as PdfFormat, top);
  if (issue.code !== 'custom' && valueAt(input, issue.path) === undefined) throw missingParameter(param);
  throw invalidParameter(param || undefined, `Invalid ${param || 'request'}: ${issue.message}`);
}

/** Query parameters as a flat object (the last value wins for repeats). */
export function queryObject(event: H3Event): Record<string, string> {
  return Object.fromEntries(event.url.searchParams.entries());
}
