#!/usr/bin/env node
// Debugging aid: lays an HTML file out with the built packages and prints the fragment tree
// of each page (box tag x,y wxh; text "…" x,baseline w=…), to compare with Chromium's
// getBoundingClientRect. node scripts/dump-layout.mjs file.html [grep-pattern]
import { readFileSync } from 'node:fs';
import { layoutDocument } from '@platen/layout';
import { dumpFragments } from '../packages/layout/dist/debug/dump-fragments.js';
import { parseHtml } from '../packages/core/dist/html/parse.js';
import { computeStyles } from '../packages/core/dist/style/compute-styles.js';
import { resolveFormat } from '../packages/core/dist/format.js';
import { layoutOptions } from '../packages/core/dist/render.js';
import { getFontRegistry } from '../packages/core/dist/resources/fonts.js';
import { createMeasurer } from '../packages/core/dist/text/measurer.js';

const html = readFileSync(process.argv[2], 'utf8');
const pattern = process.argv[3] ? new RegExp(process.argv[3]) : null;
const format = resolveFormat(undefined);
const styles = computeStyles(parseHtml(html), { format, chrome: {} });
// The options a render uses (images unsized: this script loads no resources).
const measurer = createMeasurer(getFontRegistry().createFontSet());
const pages = layoutDocument(
  styles.root,
  layoutOptions(styles, format, measurer, 1000, () => null),
);
pages.forEach((page, i) => {
  console.log(`--- page ${i + 1}`);
  for (const line of dumpFragments(page).split('\n')) if (!pattern || pattern.test(line)) console.log(line);
});
