import type { BorderImage, BorderImageLength, BorderImageRepeat, Length } from '@platen/layout';
import { parseLength } from '../values.js';
import { words, type CV } from '../tokenizer.js';
import { partOf, type ComputeContext } from './registry.js';
import { parseImage } from './background.js';

type Four<T> = readonly [T, T, T, T];

/** 1 to 4 values, one per side as `margin` takes them (top, right, bottom, left). */
function sides<T>(cvs: readonly CV[], one: (cv: CV) => T | null): Four<T> | undefined {
  const values = words(cvs).map(one);
  if (values.length < 1 || values.length > 4 || values.some((v) => v === null)) return undefined;
  const [t, r = t, b = t, l = r] = values as T[];
  return [t!, r!, b!, l!];
}

const times = (cv: CV): { times: number } | null =>
  cv.t === 'num' && cv.unit === '' && cv.v >= 0 ? { times: cv.v } : null;

/** CSS Backgrounds 3 §6.2 border-image-slice: numbers (image pixels) or percentages, then `fill`. */
function slice(cvs: readonly CV[]): { slice: Four<Length>; fill: boolean } | undefined {
  const w = words(cvs);
  const isFill = (cv: CV | undefined): boolean => cv?.t === 'ident' && cv.v.toLowerCase() === 'fill';
  const fill = isFill(w[0]) || isFill(w[w.length - 1]);
  const numbers = w.filter((cv) => !isFill(cv));
  if (numbers.length !== w.length - (fill ? 1 : 0)) return undefined;
  const sliced = sides<Length>(numbers, (cv) =>
    cv.t === 'num' && cv.v >= 0 && (cv.unit === '' || cv.unit === '%')
      ? cv.unit === '%'
        ? { px: 0, pct: cv.v }
        : cv.v
      : null,
  );
  return sliced ? { slice: sliced, fill } : undefined;
}

/** §6.3 border-image-width: lengths, percentages of the border image area, numbers (× border width) or auto. */
function width(cvs: readonly CV[], ctx: ComputeContext): Four<BorderImageLength | 'auto'> | undefined {
  return sides<BorderImageLength | 'auto'>(
    cvs,
    (cv) =>
      times(cv) ??
      (cv.t === 'ident' && cv.v.toLowerCase() === 'auto' ? 'auto' : parseLength(cv, ctx.len, { negative: false })),
  );
}

/** §6.4 border-image-outset: lengths or numbers (× border width). */
function outset(cvs: readonly CV[], ctx: ComputeContext): Four<BorderImageLength> | undefined {
  return sides<BorderImageLength>(
    cvs,
    (cv) => times(cv) ?? parseLength(cv, ctx.len, { negative: false, percent: false }),
  );
}

const REPEATS: readonly string[] = ['stretch', 'repeat', 'round', 'space'];

/** §6.5 border-image-repeat: one keyword for both directions, or horizontal then vertical. */
function repeat(cvs: readonly CV[]): readonly [BorderImageRepeat, BorderImageRepeat] | undefined {
  const ids = words(cvs).map((cv) => (cv.t === 'ident' ? cv.v.toLowerCase() : ''));
  if (ids.length < 1 || ids.length > 2 || !ids.every((id) => REPEATS.includes(id))) return undefined;
  return [ids[0], ids[1] ?? ids[0]] as [BorderImageRepeat, BorderImageRepeat];
}

const ONE = { times: 1 };
const ZERO = { times: 0 };

export const BORDER_IMAGE_LONGHANDS = {
  'border-image-source': partOf('borderImage', false, null, parseImage),
  'border-image-slice': partOf(
    'borderImage',
    false,
    {
      slice: [
        { px: 0, pct: 100 },
        { px: 0, pct: 100 },
        { px: 0, pct: 100 },
        { px: 0, pct: 100 },
      ],
      fill: false,
    },
    slice,
  ),
  'border-image-width': partOf('borderImage', false, [ONE, ONE, ONE, ONE], width),
  'border-image-outset': partOf('borderImage', false, [ZERO, ZERO, ZERO, ZERO], outset),
  'border-image-repeat': partOf('borderImage', false, ['stretch', 'stretch'], repeat),
};

/** The element's border-image, or undefined when it has no border-image-source. */
export function borderImage(flat: Readonly<Record<string, unknown>>): BorderImage | undefined {
  const source = flat['border-image-source'] as BorderImage['source'] | null;
  if (!source) return undefined;
  const sliced = flat['border-image-slice'] as { slice: BorderImage['slice']; fill: boolean };
  return {
    source,
    slice: sliced.slice,
    fill: sliced.fill,
    width: flat['border-image-width'] as BorderImage['width'],
    outset: flat['border-image-outset'] as BorderImage['outset'],
    repeat: flat['border-image-repeat'] as BorderImage['repeat'],
  };
}
