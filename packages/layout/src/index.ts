/** @platen/layout: box tree, layout and pagination. Knows nothing of PDFKit or Handlebars. */
export type * from './style.js';
export type * from './styled-node.js';
export type * from './measurer.js';
export type * from './fragment.js';
export type * from './page-style.js';
export type * from './diagnostics.js';
export { resolveLength } from './style.js';
export { functionMatrix } from './transform-matrix.js';
export { layoutDocument, streamDocument } from './layout-document.js';
export type { LayoutOptions, ImageSizes, PageChrome } from './layout-document.js';
export { LayoutLimitError } from './page/paginate.js';
export { dumpFragments } from './debug/dump-fragments.js';
export { dumpBoxes } from './debug/dump-boxes.js';
export { buildBoxes, canvasDimension } from './boxes/build-boxes.js';
export type { Box, ContainerBox } from './boxes/box.js';
export { BROKEN_IMAGE_ICON } from './boxes/broken-image.js';
export { controlKind } from './boxes/form-controls.js';
export type { ControlKind } from './boxes/form-controls.js';
