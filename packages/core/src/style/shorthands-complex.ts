import { splitCommas, words, type CV } from './tokenizer.js';
import { parseColor } from './values.js';
import { COMMA, SPACE, ZERO_PCT, ident, isIdent, isLength, type Expansion } from './shorthand-tokens.js';

/** Expanders of the shorthands with the most involved grammars: font, background, grid-template, list-style. */
export function font(value: readonly CV[], longhands: readonly string[]): Expansion | null {
  const w = words(value);
  if (w.length === 1 && w[0]!.t === 'ident') return null; // system fonts (caption, menu…) unsupported
  let style: CV = ident('normal');
  let variant: CV = ident('normal');
  let weight: CV = ident('normal');
  let i = 0;
  for (; i < w.length; i++) {
    const cv = w[i]!;
    if (isIdent(cv, 'normal')) continue;
    if (isIdent(cv, 'italic', 'oblique')) style = cv;
    else if (isIdent(cv, 'small-caps')) variant = cv;
    else if (
      isIdent(cv, 'bold', 'bolder', 'lighter') ||
      (cv.t === 'num' && cv.unit === '' && cv.v >= 1 && cv.v <= 1000)
    )
      weight = cv;
    else if (
      isIdent(
        cv,
        'condensed',
        'expanded',
        'semi-condensed',
        'semi-expanded',
        'ultra-condensed',
        'extra-condensed',
        'ultra-expanded',
        'extra-expanded',
      )
    )
      continue;
    else break;
  }
  const size = w[i];
  if (!size) return null;
  let lineHeight: CV = ident('normal');
  let rest = i + 1;
  if (w[rest]?.t === 'delim' && (w[rest] as { v: string }).v === '/') {
    if (!w[rest + 1]) return null;
    lineHeight = w[rest + 1]!;
    rest += 2;
  }
  // The family keeps its original spacing and commas: slice from the first family token.
  const first = w[rest];
  if (!first) return null;
  const family = value.slice(value.indexOf(first));
  return [
    [longhands[0]!, [style]],
    [longhands[1]!, [variant]],
    [longhands[2]!, [weight]],
    [longhands[3]!, [size]],
    [longhands[4]!, [lineHeight]],
    [longhands[5]!, family],
    // The shorthand resets font-size-adjust too (CSS Fonts 4 §2.8; Chromium, measured).
    [longhands[6]!, [ident('none')]],
  ];
}

const join = (parts: readonly (readonly CV[])[]): CV[] => parts.flatMap((p, i) => (i === 0 ? [...p] : [COMMA, ...p]));

export function isImage(cv: CV): boolean {
  return (
    cv.t === 'url' ||
    (cv.t === 'fn' && /gradient$|^url$|^image-set$|^-webkit-image-set$/.test(cv.v)) ||
    isIdent(cv, 'none')
  );
}
const BOXES = ['border-box', 'padding-box', 'content-box', 'text'];
const POSITION_WORDS = ['left', 'right', 'top', 'bottom', 'center'];

/** Backgrounds 3 §3.10: layers separated by commas; only the last may hold a colour. */
export function background(value: readonly CV[], longhands: readonly string[]): Expansion | null {
  const layers = splitCommas(value);
  const out: Record<string, CV[][]> = Object.fromEntries(longhands.map((l) => [l, []]));
  let color: CV = ident('transparent');
  for (const [index, layer] of layers.entries()) {
    const lw = words(layer);
    let image: CV = ident('none');
    const pos: CV[] = [];
    let size: CV[] = [ident('auto')];
    const repeat: CV[] = [];
    let attachment: CV = ident('scroll');
    const boxes: CV[] = [];
    for (let i = 0; i < lw.length; i++) {
      const cv = lw[i]!;
      if (isImage(cv)) image = cv;
      else if (isIdent(cv, 'repeat', 'no-repeat', 'repeat-x', 'repeat-y', 'space', 'round')) repeat.push(cv);
      else if (isIdent(cv, 'scroll', 'fixed', 'local')) attachment = cv;
      else if (isIdent(cv, ...BOXES)) boxes.push(cv);
      else if (isIdent(cv, ...POSITION_WORDS) || isLength(cv)) pos.push(cv);
      else if (cv.t === 'delim' && cv.v === '/') {
        size = [];
        while (lw[i + 1] && size.length < 2 && (isLength(lw[i + 1]!) || isIdent(lw[i + 1], 'auto', 'cover', 'contain')))
          size.push(lw[++i]!);
        if (size.length === 0) return null;
      } else if (index === layers.length - 1 && parseColor(cv) !== null) color = cv;
      else return null;
    }
    const spaced = (cvs: readonly CV[]): CV[] => cvs.flatMap((cv, i) => (i === 0 ? [cv] : [SPACE, cv]));
    out['background-image']!.push([image]);
    out['background-position']!.push(pos.length ? spaced(pos) : [ZERO_PCT, SPACE, ZERO_PCT]);
    out['background-size']!.push(spaced(size));
    out['background-repeat']!.push(repeat.length ? spaced(repeat) : [ident('repeat')]);
    out['background-attachment']!.push([attachment]);
    out['background-origin']!.push([boxes[0] ?? ident('padding-box')]);
    out['background-clip']!.push([boxes[1] ?? boxes[0] ?? ident('border-box')]);
  }
  return longhands.map((l) => [l, l === 'background-color' ? [color] : join(out[l]!)]);
}

export function gridTemplate(value: readonly CV[], longhands: readonly string[]): Expansion | null {
  const w = words(value);
  if (w.length === 1 && isIdent(w[0], 'none')) return longhands.map((l) => [l, [ident('none')]]);
  const slash = w.findIndex((cv) => cv.t === 'delim' && cv.v === '/');
  const rowsPart = slash >= 0 ? w.slice(0, slash) : w;
  const colsPart = slash >= 0 ? w.slice(slash + 1) : [ident('none')];
  const spaced = (p: CV[]): CV[] => p.flatMap((cv, i) => (i === 0 ? [cv] : [SPACE, cv]));
  const areas = rowsPart.filter((cv) => cv.t === 'str');
  if (areas.length === 0)
    return [
      [longhands[0]!, spaced(rowsPart)],
      [longhands[1]!, spaced(colsPart)],
      [longhands[2]!, [ident('none')]],
    ];
  // `"a b" 40px "c d" auto / 1fr 1fr`: each string is a row, optionally followed by its size.
  const rows: CV[] = [];
  let pendingSize = false;
  for (const cv of rowsPart) {
    if (cv.t === 'str') {
      if (pendingSize) rows.push(ident('auto'));
      pendingSize = true;
    } else if (cv.t !== 'block') {
      rows.push(cv);
      pendingSize = false;
    }
  }
  if (pendingSize) rows.push(ident('auto'));
  return [
    [longhands[0]!, spaced(rows)],
    [longhands[1]!, spaced(colsPart)],
    [longhands[2]!, spaced(areas)],
  ];
}

export function listStyle(value: readonly CV[], longhands: readonly string[]): Expansion | null {
  const w = words(value);
  let type: CV | null = null;
  let pos: CV | null = null;
  let image: CV | null = null;
  let nones = 0;
  for (const cv of w) {
    if (isIdent(cv, 'none')) nones++;
    else if (!pos && isIdent(cv, 'inside', 'outside')) pos = cv;
    else if (!image && isImage(cv)) image = cv;
    else if (!type && (cv.t === 'ident' || cv.t === 'str')) type = cv;
    else return null;
  }
  // `none` sets whichever of type and image is not otherwise given (Lists 3 §3.4).
  if (nones > 0 && !type) type = ident('none');
  return [
    [longhands[0]!, [type ?? ident('disc')]],
    [longhands[1]!, [pos ?? ident('outside')]],
    [longhands[2]!, [image ?? ident('none')]],
  ];
}
