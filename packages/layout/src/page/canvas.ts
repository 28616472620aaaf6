import type { Color, ComputedStyle } from '../style.js';
import type { StyledElement } from '../styled-node.js';

/**
 * The canvas background (CSS 2.1 §14.2): the root's background, or the body's when the
 * root has none (the body's is then not painted a second time).
 */
export interface CanvasBackground {
  readonly source: StyledElement | null;
  readonly color: Color | null;
  /** The source's style when it has background images (painted as a full-page fragment). */
  readonly layersStyle: ComputedStyle | null;
}

function hasBackground(style: ComputedStyle): boolean {
  return style.backgroundColor.a > 0 || style.backgroundLayers.length > 0;
}

export function canvasBackground(root: StyledElement): CanvasBackground {
  let source: StyledElement | null = hasBackground(root.style) ? root : null;
  if (!source && root.tag === 'html') {
    const body = root.children.find((c): c is StyledElement => c.kind === 'element' && c.tag === 'body');
    if (body && hasBackground(body.style)) source = body;
  }
  if (!source) return { source: null, color: null, layersStyle: null };
  const s = source.style;
  return { source, color: s.backgroundColor.a > 0 ? s.backgroundColor : null, layersStyle: s.backgroundLayers.length ? s : null };
}
