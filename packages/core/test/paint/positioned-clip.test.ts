import { describe, expect, it } from 'vitest';
import { BLUE, RED, box, paintPage } from './fixtures.js';
import { cssPixels } from './poppler.js';

/** Overflow clips what its box contains (CSS 2.1 §11.1.1): absolute boxes are contained by their positioned ancestor. */
describe('overflow clipping of positioned descendants', () => {
  it('an absolute box escapes a non-positioned clipping ancestor but not a positioned one', async () => {
    const escaping = box(100, 100, 300, 40, { position: 'absolute', backgroundColor: RED });
    const clipper = box(100, 100, 100, 100, { overflow: 'hidden' }, [escaping]);
    const kept = box(100, 300, 300, 40, { position: 'absolute', backgroundColor: BLUE });
    const positionedClipper = box(100, 300, 100, 100, { overflow: 'hidden', position: 'relative' }, [kept]);
    const at = cssPixels(await paintPage([box(0, 0, 700, 500, {}, [clipper, positionedClipper])]));
    expect(at(300, 120)).toEqual([255, 0, 0]);
    expect(at(150, 320)).toEqual([0, 0, 255]);
    expect(at(300, 320)).toEqual([255, 255, 255]);
  });

  it('an in-flow child of the escaping box is not clipped either, a static child of a clipper is', async () => {
    const inner = box(100, 150, 300, 20, { backgroundColor: BLUE });
    const escaping = box(100, 150, 300, 40, { position: 'absolute' }, [inner]);
    const plain = box(100, 100, 300, 20, { backgroundColor: RED });
    const clipper = box(100, 100, 100, 100, { overflow: 'hidden' }, [plain, escaping]);
    const at = cssPixels(await paintPage([box(0, 0, 700, 500, {}, [clipper])]));
    expect(at(300, 160)).toEqual([0, 0, 255]);
    expect(at(300, 110)).toEqual([255, 255, 255]);
  });
});
