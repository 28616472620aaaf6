import type { BorderSide, ComputedStyle } from '../style.js';

const NO_BORDER: BorderSide = { width: 0, style: 'none', color: { r: 0, g: 0, b: 0, a: 0 } };
const cache = new WeakMap<ComputedStyle, ComputedStyle>();

/**
 * Style of an anonymous box (CSS 2.1 §9.2.1.1): inherited properties from its parent,
 * non-inherited ones at their initial values (only those that paint or size a box matter).
 */
export function anonymousStyle(parent: ComputedStyle): ComputedStyle {
  let style = cache.get(parent);
  if (!style) {
    // The optional non-inherited properties are absent (at their initial values).
    const {
      clip: _clip,
      clipPath: _clipPath,
      legacyFlexibleBox: _legacyFlexibleBox,
      textBoxTrim: _textBoxTrim,
      ...inherited
    } = parent;
    style = {
      ...inherited,
      display: 'block',
      position: 'static',
      float: 'none',
      overflow: 'visible',
      opacity: 1,
      transform: [],
      width: 'auto',
      height: 'auto',
      minWidth: 'auto',
      minHeight: 'auto',
      maxWidth: 'none',
      maxHeight: 'none',
      marginTop: 0,
      marginRight: 0,
      marginBottom: 0,
      marginLeft: 0,
      paddingTop: 0,
      paddingRight: 0,
      paddingBottom: 0,
      paddingLeft: 0,
      borderTop: NO_BORDER,
      borderRight: NO_BORDER,
      borderBottom: NO_BORDER,
      borderLeft: NO_BORDER,
      outline: NO_BORDER,
      boxShadow: [],
      backgroundColor: { r: 0, g: 0, b: 0, a: 0 },
      backgroundLayers: [],
      textDecorationLine: { underline: false, overline: false, lineThrough: false },
      breakBefore: 'auto',
      breakAfter: 'auto',
      breakInside: 'auto',
      page: 'auto',
      // The lines of a block that clips its overflow keep its text-overflow (CSS Overflow 3 §4.1).
      textOverflow: parent.overflow === 'visible' ? 'clip' : parent.textOverflow,
    };
    cache.set(parent, style);
  }
  return style;
}
