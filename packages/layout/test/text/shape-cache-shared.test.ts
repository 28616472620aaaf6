/**
 * Issue 19: shaped texts are kept between renders of the same font environment
 * (text/shape-cache.ts). Work is counted, never timed: the measurer counts the texts it shapes.
 */
import { describe, expect, it } from 'vitest';
import type { GlyphRun, ShapingEnvironment } from '../../src/measurer.js';
import { ShapeCache } from '../../src/text/shape-cache.js';
import { fakeMeasurer, type FakeMeasurer } from '../helpers/fake-measurer.js';
import { defaultStyle } from '../helpers/style.js';

/** A render's measurer in font environment `key`; runs of texts containing `local` are not shareable. */
function measurerIn(key: { key: string | null }, local = '\u0000'): FakeMeasurer {
  const m = fakeMeasurer();
  const shape = m.shape.bind(m);
  const own = new WeakSet<readonly GlyphRun[]>();
  m.shape = (text, font, size, options) => {
    const runs = shape(text, font, size, options);
    if (!text.includes(local)) own.add(runs);
    return runs;
  };
  const environment: ShapingEnvironment = {
    get key() {
      return key.key;
    },
    shareable: (runs) => own.has(runs),
    adopt: () => undefined,
  };
  return Object.assign(m, { environment });
}

let envs = 0;
/** A font environment no other test uses (the store is process-wide). */
const freshEnvironment = (): { key: string | null } => ({ key: `test-env-${++envs}` });

describe('ShapeCache shared between renders', () => {
  it('a second render of the same font environment shapes nothing the first shaped', () => {
    const env = freshEnvironment();
    const style = defaultStyle();
    const first = measurerIn(env);
    const a = new ShapeCache(first);
    const word = a.shape('Invoice', style);
    a.kernAfterSpace(style, 0x54);
    const shapedFirst = first.shapeCalls;
    expect(shapedFirst).toBe(4); // 'Invoice', ' T', ' ', 'T'

    const second = measurerIn(env);
    const b = new ShapeCache(second);
    expect(b.shape('Invoice', style)).toBe(word);
    b.kernAfterSpace(style, 0x54);
    expect(second.shapeCalls).toBe(0);
    b.shape('Total', style);
    expect(second.shapeCalls).toBe(1);
  });

  it('is not shared with another font environment, nor without one', () => {
    const style = defaultStyle();
    new ShapeCache(measurerIn(freshEnvironment())).shape('Invoice', style);
    const other = measurerIn(freshEnvironment());
    new ShapeCache(other).shape('Invoice', style);
    expect(other.shapeCalls).toBe(1);

    const plain = fakeMeasurer();
    new ShapeCache(plain).shape('Invoice', style);
    const plainAgain = fakeMeasurer();
    new ShapeCache(plainAgain).shape('Invoice', style);
    expect(plainAgain.shapeCalls).toBe(1);
  });

  it('keeps results the measurer does not call shareable to their render', () => {
    const env = freshEnvironment();
    const style = defaultStyle();
    const first = new ShapeCache(measurerIn(env, '✈'));
    first.shape('Flight ✈', style);
    first.shape('Flight ✈', style);
    const second = measurerIn(env, '✈');
    new ShapeCache(second).shape('Flight ✈', style);
    expect(second.shapeCalls).toBe(1);
  });

  it('stops reading and adding once the environment changes mid-render (a font dropped)', () => {
    const env = freshEnvironment();
    const style = defaultStyle();
    new ShapeCache(measurerIn(env)).shape('Invoice', style);
    const changing = { key: env.key };
    const m = measurerIn(changing);
    const cache = new ShapeCache(m);
    changing.key = null;
    cache.shape('Invoice', style);
    cache.shape('Total', style);
    expect(m.shapeCalls).toBe(2);
    const later = measurerIn(env);
    new ShapeCache(later).shape('Total', style);
    expect(later.shapeCalls).toBe(1);
  });

  it('is bounded: past its bound everything is dropped', () => {
    const env = freshEnvironment();
    const style = defaultStyle();
    const filling = new ShapeCache(measurerIn(env));
    filling.shape('first', style);
    // 262,144 characters at most: 40,000 texts of 7 or more.
    for (let i = 0; i < 40_000; i++) filling.shape(`w${String(i).padStart(6, '0')}`, style);
    const later = measurerIn(env);
    new ShapeCache(later).shape('first', style);
    expect(later.shapeCalls).toBe(1);
  });
});
