import { describe, expect, it } from 'vitest';
import { byId, styleHtml } from './helpers.js';

// HTML §15.3.5 / Chromium html.css: bdo[dir] overrides, [dir] isolates, bdo without dir overrides.
describe('unicode-bidi from the user-agent sheet', () => {
  const r = styleHtml(
    '<!doctype html><p><bdo id="bdo" dir="rtl">a</bdo><bdo id="ltr" dir="LTR">b</bdo><bdo id="plain">c</bdo><span id="span" dir="rtl">d</span><bdi id="bdi">e</bdi></p>',
  );
  it.each([
    ['bdo', 'isolate-override', 'rtl'],
    ['ltr', 'isolate-override', 'ltr'],
    ['plain', 'bidi-override', 'ltr'],
    ['span', 'isolate', 'rtl'],
    ['bdi', 'isolate', 'ltr'],
  ])('#%s: unicode-bidi %s, direction %s', (id, unicodeBidi, direction) => {
    const style = byId(r, id).style;
    expect(style.unicodeBidi).toBe(unicodeBidi);
    expect(style.direction).toBe(direction);
  });
});
