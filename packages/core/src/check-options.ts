import { InvalidOptionError } from './errors.js';
import { checkPdfOptions } from './pdf/check.js';

/**
 * render() is called from plain JavaScript too: check each option's type up front, so that a
 * wrong value fails with an InvalidOptionError naming the option, never a TypeError from deep
 * inside the pipeline. The format is checked by resolveFormat.
 */
export function checkRenderOptions(options: unknown): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    fail('options', 'render() takes an options object such as { html: "<p>Hello</p>" }.');
  }
  const o = options as Record<string, unknown>;
  if (typeof o.html !== 'string') fail('html', `html is required and must be a string; got ${describe(o.html)}.`);
  for (const key of ['header', 'footer'] as const) {
    if (o[key] !== undefined && o[key] !== null && typeof o[key] !== 'string')
      fail(key, `${key} must be a string or null; got ${describe(o[key])}.`);
  }
  for (const key of ['firstPage', 'lastPage'] as const) {
    const page = o[key];
    if (page === undefined) continue;
    if (!isPlainRecord(page))
      fail(key, `${key} must be an object such as { header: null, footer: "<p>…</p>" }; got ${describe(page)}.`);
    for (const [slot, html] of Object.entries(page)) {
      if (slot !== 'header' && slot !== 'footer')
        fail(`${key}.${slot}`, `${key} takes only header and footer; got ${JSON.stringify(slot)}.`);
      if (html !== undefined && html !== null && typeof html !== 'string')
        fail(`${key}.${slot}`, `${key}.${slot} must be a string or null; got ${describe(html)}.`);
    }
  }
  if (o.data !== undefined && o.data !== null && !isPlainRecord(o.data))
    fail('data', `data must be an object; got ${describe(o.data)}.`);
  if (o.blocks !== undefined) {
    if (!isPlainRecord(o.blocks))
      fail('blocks', `blocks must be an object of block HTML by ID; got ${describe(o.blocks)}.`);
    for (const [id, html] of Object.entries(o.blocks)) {
      if (typeof html !== 'string') fail(`blocks.${id}`, `blocks.${id} must be a string; got ${describe(html)}.`);
    }
  }
  if (o.baseDir !== undefined && typeof o.baseDir !== 'string')
    fail('baseDir', `baseDir must be a string; got ${describe(o.baseDir)}.`);
  if (o.allowPrivateNetwork !== undefined && typeof o.allowPrivateNetwork !== 'boolean') {
    fail('allowPrivateNetwork', `allowPrivateNetwork must be a boolean; got ${describe(o.allowPrivateNetwork)}.`);
  }
  for (const key of ['maxPages', 'maxHtmlBytes', 'maxResources', 'maxResourceBytes'] as const) {
    const value = o[key];
    if (value !== undefined && !(Number.isSafeInteger(value) && (value as number) > 0))
      fail(key, `${key} must be a positive integer; got ${describe(value)}.`);
  }
  if (o.fontDirs !== undefined && !(Array.isArray(o.fontDirs) && o.fontDirs.every((dir) => typeof dir === 'string'))) {
    fail('fontDirs', `fontDirs must be an array of folder paths; got ${describe(o.fontDirs)}.`);
  }
  if (o.pdf !== undefined) checkPdfOptions(o.pdf);
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as an error message names it (strings cut at 40 characters). */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

function fail(param: string, message: string): never {
  throw new InvalidOptionError(param, message);
}
