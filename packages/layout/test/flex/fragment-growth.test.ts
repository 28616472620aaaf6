import { describe, expect, it } from 'vitest';
import growthCases from './fragment-growth-cases.json' with { type: 'json' };
import laneCases from './column-lanes-cases.json' with { type: 'json' };
import avoidCases from './break-avoid-cases.json' with { type: 'json' };
import { fragmentRectsOf } from './rects.js';

interface FragmentCase {
  readonly name: string;
  readonly html: string;
  readonly expected: Record<string, string[]>;
}

/**
 * Flex containers broken across columns, as Chromium lays them out: every fragment of the
 * elements with an id, against Chromium's getClientRects of the same HTML (chromium-rects.mjs
 * records them).
 */
function describeCases(title: string, cases: readonly FragmentCase[]): void {
  describe(title, () => {
    for (const c of cases) {
      it(c.name, () => {
        const actual = fragmentRectsOf(c.html);
        const picked = Object.fromEntries(Object.keys(c.expected).map((k) => [k, actual[k]]));
        expect(picked).toEqual(c.expected);
      });
    }
  });
}

// Items that grow with their content or keep their size (flex/fragment-growth.ts).
describeCases('flex items broken across columns (Chromium getClientRects)', growthCases);
// The lines of a multi-line column container break as parallel flows (items/unit-layout.ts placeLanes).
describeCases('lines of a wrapping column container broken across columns (Chromium getClientRects)', laneCases);
// break-before/-after: avoid between flex lines and column items, not between grid rows (items/unit-layout.ts breakBefore).
describeCases('break avoidance between flex lines and items (Chromium getClientRects)', avoidCases);
