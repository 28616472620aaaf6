#!/usr/bin/env node
// Builds set P of the public templates (README.md beside this file): long documents written for
// print (books, brochures, manuals, paged-media test pages), analysed in session 7 for issue 16.
//   node fidelity/public/setp-cases.mjs /tmp/npm /tmp/mirrors /tmp/setp
// <mirrors> holds one bare clone per repository as owner+name/repo. Every script is dropped
// (Platen runs none; the Paged.js polyfill would replace Chromium's own print), remote resources
// too, as in set D.
import { caseKit, dropScripts } from './cases-lib.mjs';

const [prefix, mirrors, out] = process.argv.slice(2);
if (!prefix || !mirrors || !out) {
  console.error('usage: setp-cases.mjs <npm prefix> <mirrors folder> <output corpus folder>');
  process.exit(2);
}
const { gitFile, gitText, gitList, writeCase } = caseKit(prefix, mirrors, out);

// 1. PDFreactor's examples and two personal pages collected in CSS-Paged-Media/html2pdf-tool-comparison
// (no licence stated), those that sets C and D do not use, with their fonts and images.
{
  const repo = 'CSS-Paged-Media/html2pdf-tool-comparison';
  const samples = [
    ['print-pdfreactor-novel', 'html/PDFreactor Examples/novel', 'wizardOfOz.html'],
    ['print-pdfreactor-accessibility', 'html/PDFreactor Examples/accessibility', 'accessibility.html'],
    ['print-pdfreactor-brochure', 'html/PDFreactor Examples/brochure', 'brochure.html'],
    ['print-pdfreactor-i18n', 'html/PDFreactor Examples/i18n', 'i18n-sample.html'],
    ['print-pdfreactor-bookmarks', 'html/PDFreactor Examples/pdffeatures', 'bookmarks.html'],
    ['print-pdfreactor-comments', 'html/PDFreactor Examples/pdffeatures', 'comments.html'],
    ['print-pdfreactor-regions', 'html/PDFreactor Examples/regions', 'regions.html'],
    ['print-pdfreactor-compound', 'html/PDFreactor Examples/compoundFormats', 'compoundFormats.html'],
    ['print-personal-blog-post', 'html/Personal', 'blog-post.html'],
    ['print-personal-book-cover', 'html/Personal', 'book-cover.html'],
  ];
  for (const [name, base, file] of samples) {
    // assets: every non-HTML file beside the page (not MathJax, a script; not TIFF or PDF, which
    // Chromium does not show as images and which the snapshot lacks)
    const assets =
      base === 'html/Personal'
        ? []
        : gitList(repo, base)
            .filter((p) => !/\.(html|xsl|js|txt|tif|pdf)$/i.test(p) && !p.includes('/mathjax/'))
            .map((p) => p.slice(base.length + 1));
    const files = Object.fromEntries(assets.map((n) => [n, gitFile(repo, `${base}/${n}`)]));
    writeCase(
      name,
      dropScripts(gitText(repo, `${base}/${file}`)),
      { description: `${repo} ${base}/${file} (scripts dropped)` },
      files,
    );
  }
}

// 2. Paged.js's spec pages (MIT) that set A does not use, without the polyfill: Chromium's own print.
{
  const repo = 'pagedjs/pagedjs';
  const specs = [
    'widows-orphans/widows-orphans',
    'breaks/break-after/break-after-avoid/break-after-avoid',
    'breaks/break-before/break-before-avoid/break-before-avoid',
    'breaks/breaks',
    'splits/tables/long-table',
    'splits/lists/lists',
    'splits/pre/pre',
    'string/string-first',
    'target/target-counter/target-counter',
    'page-selector/first-page/first-page',
    'named-page/multiple-named/multiple-named',
    'page-rules/combined/combined',
    'hyphens/awesome/awesome',
    'counters/nested/nested',
  ];
  for (const spec of specs) {
    const name = `paged-${spec.split('/').at(-1)}`;
    writeCase(name, dropScripts(gitText(repo, `specs/${spec}.html`)), {
      description: `${repo} (MIT) specs/${spec}.html, without the polyfill: Chromium's own print`,
    });
  }
}
