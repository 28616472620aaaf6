import { describe, expect, it } from 'vitest';
import { el } from '../helpers/style.js';
import { layoutCountingStyleReads } from '../helpers/style-reads.js';

/**
 * Issue 19: a flex item is measured (laid out without pages) for its hypothetical cross size
 * (CSS Flexbox §9.4 step 7); a nested flex container stretched to its line is computed again at
 * its new height and measures its own items again, some at the sizes it measured them at before.
 * Those results are kept (items/sized-box.ts measuredItem). Work is counted, never timed.
 */
function stretchedNest(words: number): ReturnType<typeof el> {
  const texts = Array.from({ length: words }, (_, i) => el('span', { attrs: { class: 'leaf' } }, `word${i}`));
  return el(
    'body',
    {},
    el(
      'div',
      { display: 'flex' },
      // Stretched to the 60px of its sibling: its geometry is computed at its content height, then at 60px.
      el('div', { display: 'flex', flexDirection: 'column' }, ...texts),
      el('div', { height: 60, width: 40 }),
    ),
  );
}

const leafReads = (words: number): number =>
  layoutCountingStyleReads(stretchedNest(words), (e) => e.attrs['class'] === 'leaf').reads;

describe('flex items measured again at equal sizes', () => {
  it('reuse the first measurement', () => {
    // Items of a column container stretched to 60px: 2383 style reads when each measurement
    // is made again (the second geometry's items measured at their main sizes once more; counted
    // with the reuse switched off at 670d77b; 2117 unstretched). 2335 before isMulticol read
    // column-height too (CSS Multicol 2 §3.3): +29 reads of that one property, no more layouts.
    // 2364 before a column item's height and max-height were read to tell its flexed size from
    // its own (flex/flex-layout.ts ownHeightAuto): +16 reads, 2 per item per geometry, no more layouts;
    // +4 since intrinsic sizes read controlContentWidth (a form control's width for a percentage).
    expect(leafReads(4)).toBe(2384);
  });
});
