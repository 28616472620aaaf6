/**
 * Font face selection within one family, CSS Fonts 4 §5.2 "Matching font styles":
 * font-style narrows the candidates first, then font-weight picks the nearest weight.
 */

export type FontStyle = 'normal' | 'italic' | 'oblique';

export interface FaceDescriptor {
  readonly weight: number;
  readonly style: FontStyle;
}

/** §5.2 step 4b: italic falls back to oblique then normal; oblique to italic then normal. */
const STYLE_ORDER: Readonly<Record<FontStyle, readonly FontStyle[]>> = {
  italic: ['italic', 'oblique', 'normal'],
  oblique: ['oblique', 'italic', 'normal'],
  normal: ['normal', 'oblique', 'italic'],
};

/**
 * §5.2 step 4c: the weight chosen among `available` for the `desired` one.
 * - 400–500: ascending from desired up to 500, then descending below desired, then above 500.
 * - below 400: descending from desired, then ascending.
 * - above 500: ascending from desired, then descending.
 */
export function matchWeight(desired: number, available: readonly number[]): number | undefined {
  const ascending = [...new Set(available)].sort((a, b) => a - b);
  const below = ascending.filter((w) => w < desired).reverse();
  const atOrAbove = ascending.filter((w) => w >= desired);
  if (desired >= 400 && desired <= 500) {
    const upTo500 = atOrAbove.filter((w) => w <= 500);
    const above500 = atOrAbove.filter((w) => w > 500);
    return upTo500[0] ?? below[0] ?? above500[0];
  }
  if (desired < 400) {
    const atOrBelow = ascending.filter((w) => w <= desired).reverse();
    return atOrBelow[0] ?? ascending.find((w) => w > desired);
  }
  return atOrAbove[0] ?? below[0];
}

/** The best face for `desired` among `faces` (all of one family), or undefined if none. */
export function matchFace<F extends FaceDescriptor>(faces: readonly F[], desired: FaceDescriptor): F | undefined {
  for (const style of STYLE_ORDER[desired.style]) {
    const withStyle = faces.filter((f) => f.style === style);
    if (withStyle.length === 0) continue;
    const weight = matchWeight(
      desired.weight,
      withStyle.map((f) => f.weight),
    );
    return withStyle.find((f) => f.weight === weight);
  }
  return undefined;
}

/**
 * Chromium synthesises bold when ≥ 600 is asked for and the face is lighter than 600, and
 * an oblique when italic/oblique is asked for and the face is upright (FontDescription's
 * SyntheticBold/SyntheticItalic).
 */
export function needsSyntheticBold(desiredWeight: number, faceWeight: number): boolean {
  return desiredWeight >= 600 && faceWeight < 600;
}

export function needsSyntheticOblique(desired: FontStyle, face: FontStyle): boolean {
  return desired !== 'normal' && face === 'normal';
}
