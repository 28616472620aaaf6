#!/usr/bin/env node
// Record which `-webkit-` property names Chromium parses and what each sets, for
// webkit-aliases.test.ts: every computed property name of Chromium with `-webkit-` put in front,
// plus the legacy logical and flexible-box names, is set to `inherit` on an element's style; an
// alias sets its target property (or a shorthand's longhands), an own property sets itself, and a
// name Chromium does not parse sets nothing. Run only when Chromium changes:
//   node packages/core/test/style/record-webkit-aliases.mjs
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const LEGACY = [
  'border-radius',
  'box-shadow',
  'flex',
  'flex-flow',
  'columns',
  'column-rule',
  'text-stroke',
  'text-decoration',
  'hyphens',
  'margin-before',
  'margin-after',
  'margin-start',
  'margin-end',
  'padding-before',
  'padding-after',
  'padding-start',
  'padding-end',
  'border-before',
  'border-after',
  'border-start',
  'border-end',
  'logical-width',
  'logical-height',
  'min-logical-width',
  'min-logical-height',
  'max-logical-width',
  'max-logical-height',
  'box-orient',
  'box-pack',
  'box-align',
  'box-flex',
  'box-direction',
  'box-ordinal-group',
  'line-clamp',
  'print-color-adjust',
  'text-fill-color',
  'column-break-before',
  'column-break-after',
  'column-break-inside',
  'display',
  'margin-top',
  'width',
  'transition',
  'animation',
  'mask',
  'text-emphasis',
  'border-image',
].concat(...['before', 'after', 'start', 'end'].map((s) => ['width', 'style', 'color'].map((p) => `border-${s}-${p}`)));

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const page = await browser.newPage();
await page.setContent('<div id=x></div>');
const result = await page.evaluate((legacy) => {
  const computed = getComputedStyle(document.getElementById('x'));
  const own = new Set(Array.from(computed));
  const names = new Set([...[...own].filter((n) => !n.startsWith('-webkit-')), ...legacy].map((n) => `-webkit-${n}`));
  const out = { aliases: {}, own: [], unparsed: [] };
  for (const name of [...names].sort()) {
    const el = document.createElement('div');
    el.style.setProperty(name, 'inherit');
    const set = Array.from(el.style);
    if (set.length === 0) out.unparsed.push(name);
    else if (set.length === 1 && set[0] === name) out.own.push(name);
    else out.aliases[name] = set;
  }
  return out;
}, LEGACY);
result.chromium = browser.version();
await browser.close();
writeFileSync(
  new URL('./fixtures/webkit-aliases.chromium.json', import.meta.url),
  `${JSON.stringify(result, null, 1)}\n`,
);
console.log(
  Object.keys(result.aliases).length,
  'aliases,',
  result.own.length,
  'own,',
  result.unparsed.length,
  'unparsed',
);
