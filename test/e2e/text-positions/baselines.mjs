// Word baselines, for comparing the vertical place of words printed in different PDF font
// types: pdftotext's word boxes (yMin/yMax) come from each PDF font's ascent and descent,
// which Chromium's Type 3 fonts (how Skia embeds CFF/OpenType fonts) and Platen's CID fonts
// state differently for the same font, while the baseline is where the glyphs really sit.
// pdf.js gives each text run's baseline; a word takes the baseline of the run under it.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Horizontal text runs per page (1-based): x range and baseline, in pt from the top-left. */
async function textRuns(pdf) {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  const pages = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const top = page.view[3];
      const { items } = await page.getTextContent();
      pages[n] = items
        // Unrotated runs; a slanted one (synthetic oblique shears x) keeps its baseline.
        .filter((item) => item.str?.trim() && item.transform[1] === 0 && item.transform[0] > 0)
        .map((item) => ({
          x0: item.transform[4],
          x1: item.transform[4] + item.width,
          baseline: top - item.transform[5],
        }));
    }
  } finally {
    await doc.destroy();
  }
  return pages;
}

/**
 * The baseline (pt from the page top, 2 decimals) of each of pdftotext's `words`: that of the
 * run overlapping the word most whose baseline lies within the word's box; undefined if none.
 */
export async function wordBaselines(pdf, words) {
  const pages = await textRuns(pdf);
  return words.map((word) => {
    let best;
    let bestOverlap = 0;
    for (const run of pages[word.page] ?? []) {
      if (run.baseline < word.yMin - 0.5 || run.baseline > word.yMax + 0.5) continue;
      const overlap = Math.min(run.x1, word.xMax) - Math.max(run.x0, word.xMin);
      if (overlap > bestOverlap) {
        bestOverlap = overlap;
        best = run;
      }
    }
    return best && Math.round(best.baseline * 100) / 100;
  });
}
