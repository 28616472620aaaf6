import { describe, expect, it } from 'vitest';
import { styleDropping, styleOf } from '../helpers.js';

/** The intrinsic size keywords of CSS Sizing 3 §3.2 and stretch (CSS Sizing 4 §3.1) on the sizing properties, with Chromium's prefixed aliases. */
describe('width/height keywords', () => {
  it.each([
    ['width: max-content', 'width', 'max-content'],
    ['width: MIN-CONTENT', 'width', 'min-content'],
    ['width: fit-content', 'width', 'fit-content'],
    ['width: -webkit-fit-content', 'width', 'fit-content'],
    ['width: -webkit-max-content', 'width', 'max-content'],
    ['width: -webkit-min-content', 'width', 'min-content'],
    ['min-width: max-content', 'minWidth', 'max-content'],
    ['max-width: min-content', 'maxWidth', 'min-content'],
    ['height: max-content', 'height', 'max-content'],
    ['min-height: fit-content', 'minHeight', 'fit-content'],
    ['max-height: -webkit-fit-content', 'maxHeight', 'fit-content'],
    ['inline-size: max-content', 'width', 'max-content'],
    ['max-inline-size: -webkit-fit-content', 'maxWidth', 'fit-content'],
    ['width: stretch', 'width', 'stretch'],
    ['height: -webkit-fill-available', 'height', 'stretch'],
    ['min-block-size: stretch', 'minHeight', 'stretch'],
  ] as const)('%s', (decl, prop, value) => {
    expect(styleOf(`#t{${decl}}`)[prop]).toBe(value);
  });

  it('lengths, auto and none still parse as before', () => {
    const s = styleOf('#t{width:10px;min-width:auto;max-width:none;height:50%}');
    expect([s.width, s.minWidth, s.maxWidth, s.height]).toEqual([10, 'auto', 'none', { px: 0, pct: 50 }]);
  });

  it.each([
    ['max-width: auto', 'maxWidth', 'none'],
    ['min-width: none', 'minWidth', 'auto'],
    ['width: fit-content(100px)', 'width', 'auto'],
    ['width: max-content 10px', 'width', 'auto'],
    ['width: fill-available', 'width', 'auto'],
    ['width: -moz-max-content', 'width', 'auto'],
  ] as const)('invalid %s is dropped', (decl, prop, initial) => {
    expect(styleDropping(`#t{${decl}}`).style[prop]).toBe(initial);
  });

  it('a later keyword overrides an earlier length, and inherit copies the keyword', () => {
    expect(styleOf('#t{width:100px} #t{width:max-content}').width).toBe('max-content');
    expect(styleOf('#p{width:min-content} #t{width:inherit}', '<div id="p"><div id="t"></div></div>').width).toBe(
      'min-content',
    );
  });
});
