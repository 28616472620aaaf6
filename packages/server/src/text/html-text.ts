import { createLinearParser } from '@platen/core/html';

/** Elements whose content is not visible text. */
const HIDDEN = new Set(['script', 'style', 'head', 'title', 'template', 'noscript']);
/** Elements whose end starts a new line. */
const BLOCK_ENDS = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'tr',
  'table',
  'section',
  'article',
  'header',
  'footer',
  'ul',
  'ol',
  'blockquote',
  'pre',
]);

/**
 * The visible text of an HTML fragment, for `plain_text` and component
 * `preview`: script/style/head content dropped, tags removed, block ends and
 * <br> turned into line breaks, entities decoded, blank runs collapsed.
 * Handlebars expressions are kept as written.
 *
 * It reads the HTML with core's parser, which is linear in the input and its nesting
 * (regular expressions for comments and tags were quadratic on unterminated input: 200 KB
 * of `<!--` blocked the server for 55 s), and builds no tree, only the text.
 */
export function htmlToText(html: string): string {
  const pieces: string[] = [];
  let hidden = 0;
  const parser = createLinearParser(
    {
      onopentag(name) {
        if (HIDDEN.has(name)) hidden++;
        pieces.push(name === 'br' ? '\n' : ' ');
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1);
        if (name !== 'br') pieces.push(BLOCK_ENDS.has(name) ? '\n' : ' ');
      },
      ontext(text) {
        if (hidden === 0) pieces.push(text);
      },
    },
    { lowerCaseTags: true, decodeEntities: true, recognizeSelfClosing: false },
  );
  parser.end(html);
  return pieces
    .join('')
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f\v\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** A short one-line preview: the text with line breaks as spaces, cut at 200 characters. */
export function previewOf(html: string): string {
  const text = htmlToText(html).replace(/\n/g, ' ');
  return text.length > 200 ? text.slice(0, 199) + '…' : text;
}
