/**
 * @page margin box widths on a side without a center box (CSS Paged Media 3 §5.3.2), against
 * Chromium 150's print (A4, 20mm margins, Liberation Sans 10px; pdftotext -bbox, pt): the left
 * and right boxes share the side by their max-content widths, so each text below stays on one
 * line (a third of the side would wrap both) and a lone @bottom-right takes the whole side.
 */
import { describe, expect, it } from 'vitest';
import { render } from '@platen/core';
import { extractWords } from '../helpers/poppler.js';

const html = `<!DOCTYPE html><style>@page{size:A4;margin:20mm;
@top-left{content:"LEFTA left left left left left left left left left left left left left left left left left LEFTZ"; font:10px 'Liberation Sans'}
@top-right{content:"RIGHTA right right right right right RIGHTZ"; font:10px 'Liberation Sans'}
@bottom-right{content:"BRA only bottom right box with a long text that is wider than a third BRZ"; font:10px 'Liberation Sans'}}</style><body>x</body>`;

/** Chromium's word lefts and tops (pt). */
const CHROMIUM: Record<string, [number, number]> = {
  LEFTA: [56.68, 23.96],
  LEFTZ: [286.64, 23.96],
  RIGHTA: [398.52, 23.96],
  RIGHTZ: [511.33, 23.96],
  BRA: [301.63, 809.96],
  BRZ: [524.24, 809.96],
};

describe('margin boxes share a side without a center box by max-content (Chromium)', async () => {
  const { words } = extractWords(await render({ html }));
  const at = (text: string) => words.find((w) => w.text === text)!;
  it('keeps each box on one line', () => {
    for (const [a, z] of [
      ['LEFTA', 'LEFTZ'],
      ['RIGHTA', 'RIGHTZ'],
      ['BRA', 'BRZ'],
    ] as const)
      expect(at(z).yMin).toBeCloseTo(at(a).yMin, 1);
  });
  it('puts the words where Chromium does (within the margin-origin rounding, 0.5pt x, 1pt y)', () => {
    for (const [text, [x, y]] of Object.entries(CHROMIUM)) {
      expect(Math.abs(at(text).xMin - x), `${text} x`).toBeLessThan(0.5);
      expect(Math.abs(at(text).yMin - y), `${text} y`).toBeLessThan(1);
    }
  });
});
