/** @platen/core: HTML + Handlebars templates to PDF, in-process. */
export { render, renderDocument } from './render.js';
export type { RenderOptions, RenderResult } from './render.js';
export type { PdfFormat } from './format.js';
export { PlatenError, TemplateError } from './errors.js';
