import { describe, expect, it } from 'vitest';
import { parseStylesheet } from '../../src/style/stylesheet.js';
import { compileSelectorList } from '../../src/style/selectors.js';
import { QUIRKS_RULES, UA_RULES } from '../../src/style/ua-rules.js';
import { QUIRKS_STYLESHEET, UA_STYLESHEET } from '../../src/style/ua-stylesheet.js';

const parsed = (css: string) =>
  parseStylesheet(css, { width: 0, height: 0 }).items.map((item) => [
    item.kind === 'style' ? item.selector : item.kind,
    item.declarations,
  ]);

describe('user-agent rules parsed at build time (ua-rules.ts)', () => {
  it('are the UA sheets as the parser reads them now (else: node scripts/ua-rules.mjs)', () => {
    expect(UA_RULES).toEqual(parsed(UA_STYLESHEET));
    expect(QUIRKS_RULES).toEqual(parsed(QUIRKS_STYLESHEET));
  });

  it('have selectors that all compile, so that they may be compiled when first tested', () => {
    for (const [selector] of [...UA_RULES, ...QUIRKS_RULES])
      expect(compileSelectorList(selector)).toBeInstanceOf(Array);
  });
});
