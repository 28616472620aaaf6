/** @platen/layout: box tree, layout and pagination. Knows nothing of PDFKit or Handlebars. */
export type * from './style.js';
export type * from './styled-node.js';
export type * from './measurer.js';
export type * from './fragment.js';
export type * from './page-style.js';
export { resolveLength } from './style.js';
export { layoutDocument } from './layout-document.js';
export type { LayoutOptions, ImageSizes } from './layout-document.js';
