import { DocumentTooLargeError, TemplateError } from '../errors.js';

/** Handlebars blocks nested deeper than this are refused before Handlebars parses them. */
export const MAX_BLOCK_NESTING = 100;
/** `<svc-block>` components expanded in one render, all levels together. */
export const MAX_BLOCK_EXPANSIONS = 10_000;

const MUSTACHE = /\{\{~?\s*([#^/])|\n/g;

/**
 * Handlebars' parser and compiler recurse per nested block: 5,000 nested `{{#if}}` take
 * half a minute to end in a stack overflow. Refuse deep nesting first, with its line.
 * (`{{^}}` alone is `else`, it does not open a block.)
 * @throws TemplateError naming the line where the limit is passed.
 */
export function checkBlockNesting(source: string, where: string): void {
  if (!source.includes('{{')) return;
  let depth = 0;
  let line = 1;
  for (const m of source.matchAll(MUSTACHE)) {
    if (m[0] === '\n') line++;
    else if (m[1] === '/') depth = Math.max(0, depth - 1);
    else if (m[1] === '#' || !/^\{\{~?\s*\^\s*~?\}\}/.test(source.slice(m.index, m.index + 8))) {
      if (++depth > MAX_BLOCK_NESTING) throw new TemplateError(`Template syntax error${where} on line ${line}: blocks nested deeper than ${MAX_BLOCK_NESTING} levels`, line);
    }
  }
}

/**
 * Counts `<svc-block>` expansions: a block that includes itself twenty times, five levels
 * deep, is 3.2 million expansions (a minute of CPU), and with more copies the heap runs out.
 */
export function blockExpansionCounter(): () => void {
  let count = 0;
  return () => {
    if (++count > MAX_BLOCK_EXPANSIONS) throw new DocumentTooLargeError(`More than ${MAX_BLOCK_EXPANSIONS} block components were expanded (a block that includes itself?).`);
  };
}
