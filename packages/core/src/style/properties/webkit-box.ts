import { define, identOf, keyword, number } from './registry.js';

/**
 * Chromium's own `-webkit-` properties of the 2009 flexible box (`display: -webkit-box`), which old
 * templates still use; compute.ts maps them onto flexbox (Chromium lays such a box out with its
 * flex algorithm, reading these instead of the flex properties). None is inherited there.
 */
define(
  '-webkit-box-orient',
  false,
  'horizontal',
  keyword(['horizontal', 'vertical'] as const, { 'inline-axis': 'horizontal', 'block-axis': 'vertical' }),
);
define('-webkit-box-direction', false, 'normal', keyword(['normal', 'reverse'] as const));
define('-webkit-box-pack', false, 'start', keyword(['start', 'end', 'center', 'justify'] as const));
define('-webkit-box-align', false, 'stretch', keyword(['stretch', 'start', 'end', 'center', 'baseline'] as const));
define('-webkit-box-flex', false, 0, number({ min: 0 }));
define('-webkit-box-ordinal-group', false, 1, number({ min: 1, integer: true }));
/** CSS Overflow 4 §5.2 legacy `-webkit-line-clamp`: `none` or a positive integer. */
define('-webkit-line-clamp', false, 'none', (cvs, ctx) =>
  identOf(cvs) === 'none' ? 'none' : number({ min: 1, integer: true })(cvs, ctx),
);
