/**
 * Intrinsic size of a loaded image in CSS px, or null when it could not be loaded. `ratioOnly`:
 * only the ratio of width to height is intrinsic (an SVG with a viewBox and no width/height).
 */
export type ImageSizes = (
  src: string,
) => { readonly width: number; readonly height: number; readonly ratioOnly?: boolean } | null;
