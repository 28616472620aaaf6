import type { Color, ComputedStyle } from '../style.js';
import type { StyledElement } from '../styled-node.js';
import { anonymousStyle } from '../boxes/anonymous-style.js';

/**
 * The canvas background (CSS 2.1 §14.2): the root's background, or the body's when the
 * root has none (the body's is then not painted a second time).
 */
export interface CanvasBackground {
  readonly source: StyledElement | null;
  readonly color: Color | null;
  /**
   * When the source has background images, the style of the full-page fragment that paints
   * them: its background layers only, none of its borders, radii, shadows, outline or
   * opacity (those stay with the element's own box).
   */
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
  return { source, color: s.backgroundColor.a > 0 ? s.backgroundColor : null, layersStyle: s.backgroundLayers.length ? layerStyle(s) : null };
}

function layerStyle(s: ComputedStyle): ComputedStyle {
  return {
    ...anonymousStyle(s),
    backgroundLayers: s.backgroundLayers,
    borderRadius: [[0, 0], [0, 0], [0, 0], [0, 0]],
    zIndex: 'auto', visibility: 'visible',
  };
}
