/** @platen/core: HTML + Handlebars templates to PDF, in-process. */
export { render, renderDocument } from './render.js';
export type { PageComponents, RenderOptions, RenderResult } from './render.js';
export type { Diagnostic } from '@platen/layout';
// The options' constants, checks and errors, also importable alone as `@platen/core/options`.
export * from './options.js';
