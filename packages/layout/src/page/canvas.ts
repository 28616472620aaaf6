import type { Color, ComputedStyle } from '../style.js';
import type { StyledElement } from '../styled-node.js';
import { anonymousStyle } from '../boxes/anonymous-style.js';

/**
 * The canvas background (CSS 2.1 §14.2): the root's background, or the body's when the
 * root has none (the body's is then not painted a second time). Chromium prints it over each
 * page's page area, not into the page margins (measured).
 */
export interface CanvasBackground {
  readonly source: StyledElement | null;
  /**
   * The style of the fragment that paints it over the page area: the source's background
   * colour and layers only, none of its borders, radii, shadows, outline or opacity (those
   * stay with the element's own box).
   */
  readonly style: ComputedStyle | null;
}

function hasBackground(style: ComputedStyle): boolean {
  return style.backgroundColor.a > 0 || style.backgroundLayers.length > 0;
}

/** The root's `body` child, if it has one (the element the root's background and overflow may come from). */
function bodyOf(root: StyledElement): StyledElement | undefined {
  if (root.tag !== 'html') return undefined;
  return root.children.find((c): c is StyledElement => c.kind === 'element' && c.tag === 'body');
}

/**
 * The root with its used `writing-mode` and `direction` taken from its `body` child (CSS Writing
 * Modes 3 §8, the principal writing mode: "as a special case for HTML documents"), as Chromium
 * does: `body { writing-mode: vertical-rl }` makes the root vertical too, placed at the right of
 * the page, and `body { direction: rtl }` puts a narrower body at the right.
 */
export function withPrincipalWritingMode(root: StyledElement): StyledElement {
  const body = bodyOf(root);
  if (!body) return root;
  const { writingMode, direction } = body.style;
  if (writingMode === root.style.writingMode && direction === root.style.direction) return root;
  const rest: ComputedStyle = { ...root.style, direction };
  delete (rest as { writingMode?: unknown }).writingMode;
  return { ...root, style: writingMode === undefined ? rest : { ...rest, writingMode } };
}

export function canvasBackground(root: StyledElement): CanvasBackground {
  let source: StyledElement | null = hasBackground(root.style) ? root : null;
  if (!source) {
    const body = bodyOf(root);
    if (body && hasBackground(body.style)) source = body;
  }
  if (!source) return { source: null, style: null };
  return { source, style: backgroundOnly(source.style) };
}

/**
 * The element whose overflow applies to the viewport (CSS Overflow 3 §3.3): the root's, or,
 * when the root is an `html` element with overflow visible, its `body` child's (display not
 * none). That element's used overflow is visible: it neither clips nor is a scroll container,
 * so it is no block formatting context of its own and breaks across pages like any block
 * (`html, body { height: 100% } body { overflow-x: hidden }`, as Semantic UI sets, prints
 * every page). The viewport clips nothing in print and pages still shrink to fit its width
 * (measured on Chromium 156).
 */
export function viewportOverflowSource(root: StyledElement): StyledElement {
  if (root.style.overflow !== 'visible') return root;
  const body = bodyOf(root);
  return body && body.style.display !== 'none' ? body : root;
}

/** A style that paints `s`'s background and nothing else. */
export function backgroundOnly(
  s: ComputedStyle,
  layers = s.backgroundLayers,
  color: Color = s.backgroundColor,
): ComputedStyle {
  return {
    ...anonymousStyle(s),
    backgroundColor: color,
    backgroundLayers: layers,
    borderRadius: [
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ],
    zIndex: 'auto',
    visibility: 'visible',
  };
}
