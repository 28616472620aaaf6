/** core/style: the cascade, computed values, generated content and @page rules. */
export {
  computeStyles,
  linkedStylesheetUrls,
  type PageChromeDocuments,
  type StyleOptions,
  type StyleResult,
} from './compute-styles.js';
export { MAX_IMPORT_DEPTH } from './sheets.js';
export type { FontFaceRule, FontSource } from './font-face.js';
export type { Diagnostic } from '@platen/layout';
export { formatCounter, markerText } from './counters.js';
