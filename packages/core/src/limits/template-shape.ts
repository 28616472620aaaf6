import { DocumentTooLargeError, TemplateError } from '../errors.js';

/** Handlebars blocks nested deeper than this are refused before Handlebars parses them. */
export const MAX_BLOCK_NESTING = 100;
/** `<svc-block>` components expanded in one render, all levels together. */
export const MAX_BLOCK_EXPANSIONS = 10_000;

const MUSTACHE = /\{\{~?\s*(?:([#^/])|else\s+(?=[^\s}~]))|\n/g;

/**
 * Handlebars' parser and compiler recurse per nested block: 5,000 nested `{{#if}}` take
 * half a minute to end in a stack overflow. Refuse deep nesting first, with its line.
 * (`{{^}}` alone is `else`, it does not open a block.) `{{else if …}}` nests too: Handlebars
 * parses a chain of them as blocks inside blocks, all closed by the one `{{/if}}`, so a
 * chain of 5,000 ran into the render time limit; each link counts as a level.
 * @throws TemplateError naming the line where the limit is passed.
 */
export function checkBlockNesting(source: string, where: string): void {
  if (!source.includes('{{')) return;
  let depth = 0;
  let line = 1;
  /** Levels each open block holds: 1, plus one per `{{else if}}` link, all closed together. */
  const open: number[] = [];
  const deeper = () => {
    if (++depth > MAX_BLOCK_NESTING)
      throw new TemplateError(
        `Template syntax error${where} on line ${line}: blocks nested deeper than ${MAX_BLOCK_NESTING} levels`,
        line,
      );
  };
  for (const m of source.matchAll(MUSTACHE)) {
    if (m[0] === '\n') line++;
    else if (m[1] === '/') depth = Math.max(0, depth - (open.pop() ?? 1));
    else if (m[1] === undefined) {
      // `{{else something}}`: one level more inside the block it continues.
      if (open.length > 0) open[open.length - 1]! += 1;
      deeper();
    } else if (m[1] === '#' || !/^\{\{~?\s*\^\s*~?\}\}/.test(source.slice(m.index, m.index + 8))) {
      open.push(1);
      deeper();
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
    if (++count > MAX_BLOCK_EXPANSIONS)
      throw new DocumentTooLargeError(
        `More than ${MAX_BLOCK_EXPANSIONS} block components were expanded (a block that includes itself?).`,
      );
  };
}
