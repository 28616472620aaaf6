import type { BorderSide, ComputedStyle } from '../style.js';
import type { StyledElement, StyledNode } from '../styled-node.js';
import { anonymousStyle } from './anonymous-style.js';

/** `src` of the 16×16 broken-image icon that stands in for an image that did not load (painted by core). */
export const BROKEN_IMAGE_ICON = 'platen:broken-image-icon';
export const BROKEN_IMAGE_ICON_SIZE = 16;
const SILVER: BorderSide = { width: 1, style: 'solid', color: { r: 192, g: 192, b: 192, a: 1 } };
const iconStyles = new WeakMap<ComputedStyle, ComputedStyle>();

/**
 * What an `<img>` whose image did not load renders instead (HTML §15.4.1 "Images", as Chromium's
 * HTMLImageFallbackHelper builds it): null for `alt=""` (the image represents nothing). A box
 * that contains its floats (inline-block when the image is inline) holding the 16×16 icon,
 * floated left, then the alt text:
 * - with no alt text, or in quirks mode, an image of specified width and height keeps that
 *   size, framed in silver (1px border, 1px padding), the icon shown only when there is room;
 * - otherwise the box is sized by its content (width and height apply only to a block).
 */
export function brokenImageFallback(img: StyledElement, quirks: boolean): StyledElement | null {
  const alt = img.attrs['alt'];
  if (alt === '') return null;
  const s = img.style;
  const inline = s.display === 'inline';
  const display = inline ? 'inline-block' : s.display === 'block' ? 'flow-root' : s.display;
  const sized = s.width !== 'auto' && s.height !== 'auto';
  const text: StyledNode[] = alt ? [{ kind: 'text', text: alt, style: s }] : [];
  if (sized && (quirks || alt === undefined)) {
    const frame = {
      ...anonymousStyle(s),
      display: 'flow-root',
      height: { px: 0, pct: 100 },
      boxSizing: 'border-box',
      overflow: 'hidden',
      borderTop: SILVER,
      borderRight: SILVER,
      borderBottom: SILVER,
      borderLeft: SILVER,
      paddingTop: 1,
      paddingRight: 1,
      paddingBottom: 1,
      paddingLeft: 1,
    } as const satisfies ComputedStyle;
    const room = fits(s.width) && fits(s.height);
    const inner: StyledElement = {
      kind: 'element',
      tag: '::img-frame',
      attrs: {},
      style: frame,
      children: [...(room ? [icon(frame)] : []), ...text],
    };
    return { ...img, tag: '::img-fallback', style: { ...s, display }, children: [inner] };
  }
  // Unclipped, so that the alt text gives the box its baseline (CSS 2 §10.8.1).
  const style: ComputedStyle = inline
    ? { ...s, display, overflow: 'visible', width: 'auto', height: 'auto' }
    : { ...s, display, overflow: 'visible' };
  return { ...img, tag: '::img-fallback', style, children: [icon(s), ...text] };
}

/** Room for the icon with the frame's border and padding (a length known only in layout counts as room). */
function fits(length: ComputedStyle['width']): boolean {
  return typeof length !== 'number' || length >= BROKEN_IMAGE_ICON_SIZE + 2;
}

function icon(parent: ComputedStyle): StyledElement {
  let style = iconStyles.get(parent);
  if (!style) {
    style = {
      ...anonymousStyle(parent),
      display: 'block',
      float: 'left',
      width: BROKEN_IMAGE_ICON_SIZE,
      height: BROKEN_IMAGE_ICON_SIZE,
      boxSizing: 'content-box',
    };
    iconStyles.set(parent, style);
  }
  return { kind: 'element', tag: 'img', attrs: { src: BROKEN_IMAGE_ICON }, style, children: [] };
}
