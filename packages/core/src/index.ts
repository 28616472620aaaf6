/** @platen/core: HTML + Handlebars templates to PDF, in-process. */
export { render, renderDocument } from './render.js';
export type { RenderOptions, RenderResult } from './render.js';
export type { CssLength, PdfFormat, PresetName, TextAlignOption } from './format.js';
export {
  FOOTER_POSITIONS, HORIZONTAL_ALIGNS, MAX_PAGE_SIDE, MIN_PAGE_SIDE, PRESET_NAMES, TEXT_ALIGNS, VERTICAL_ALIGNS,
  mergeFormats, parseAbsoluteLength, resolveFormat,
} from './format.js';
export { DocumentTooLargeError, InvalidFormatError, InvalidOptionError, PlatenError, TemplateError } from './errors.js';
