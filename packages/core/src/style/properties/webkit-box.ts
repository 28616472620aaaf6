import { partOf, identOf, keyword, number } from './registry.js';

/** The longhands of this group, in compute order (properties/index.ts). */
export const WEBKIT_BOX_LONGHANDS = {
  /**
   * Chromium's own `-webkit-` properties of the 2009 flexible box (`display: -webkit-box`), which old
   * templates still use; compute.ts maps them onto flexbox (Chromium lays such a box out with its
   * flex algorithm, reading these instead of the flex properties). None is inherited there.
   */
  '-webkit-box-orient': partOf(
    null,
    false,
    'horizontal',
    keyword(['horizontal', 'vertical'] as const, { 'inline-axis': 'horizontal', 'block-axis': 'vertical' }),
  ),
  '-webkit-box-direction': partOf(null, false, 'normal', keyword(['normal', 'reverse'] as const)),
  '-webkit-box-pack': partOf(null, false, 'start', keyword(['start', 'end', 'center', 'justify'] as const)),
  '-webkit-box-align': partOf(
    null,
    false,
    'stretch',
    keyword(['stretch', 'start', 'end', 'center', 'baseline'] as const),
  ),
  '-webkit-box-flex': partOf(null, false, 0, number({ min: 0 })),
  '-webkit-box-ordinal-group': partOf(null, false, 1, number({ min: 1, integer: true })),
  /** CSS Overflow 4 §5.2 legacy `-webkit-line-clamp`: `none` or a positive integer. */
  '-webkit-line-clamp': partOf('lineClamp', false, 'none', (cvs, ctx) =>
    identOf(cvs) === 'none' ? 'none' : number({ min: 1, integer: true })(cvs, ctx),
  ),
};
