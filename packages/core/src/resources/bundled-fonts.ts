import { createRequire } from 'node:module';
import { parseUnicodeRange } from './font-faces.js';

/**
 * The fonts shipped with Platen, from npm packages so that output does not depend on the
 * host. They stand in for what Chromium used on the reference machine (see
 * the shared corpus README, ../shared/corpus/README.md beside the repository, "Fonts on the reference machine"):
 * Arimo, Tinos and Cousine are metric-identical to Liberation Sans, Serif and Mono 2.x.
 * Only the weights Liberation has (400, 700) are registered, so that `font-weight: 600`
 * picks the bold face exactly as it did with Liberation (CSS Fonts 4 §5.2).
 */
export interface BundledFaceFile {
  readonly family: string;
  readonly weight: number;
  readonly style: 'normal' | 'italic' | 'oblique';
  /** Module specifier of the font file. */
  readonly file: string;
  /** See FontFace.noBreakSpaceApart. */
  readonly noBreakSpaceApart?: true;
  /** See FontFace.absent. */
  readonly absent?: readonly (readonly [number, number])[];
}

const expo = (pkg: string, name: string, variant: string): string =>
  `@expo-google-fonts/${pkg}/${variant}/${name}_${variant}.ttf`;
const dejavu = (file: string): string => `dejavu-fonts-ttf/ttf/${file}.ttf`;

function fourFaces(family: string, pkg: string, name: string, extra: Partial<BundledFaceFile> = {}): BundledFaceFile[] {
  return [
    { family, weight: 400, style: 'normal', file: expo(pkg, name, '400Regular'), ...extra },
    { family, weight: 400, style: 'italic', file: expo(pkg, name, '400Regular_Italic'), ...extra },
    { family, weight: 700, style: 'normal', file: expo(pkg, name, '700Bold'), ...extra },
    { family, weight: 700, style: 'italic', file: expo(pkg, name, '700Bold_Italic'), ...extra },
  ];
}

function dejavuFaces(family: string, base: string, slanted: 'Oblique' | 'Italic'): BundledFaceFile[] {
  const style = slanted === 'Oblique' ? 'oblique' : 'italic';
  return [
    { family, weight: 400, style: 'normal', file: dejavu(base) },
    { family, weight: 400, style, file: dejavu(`${base}-${slanted}`) },
    { family, weight: 700, style: 'normal', file: dejavu(`${base}-Bold`) },
    { family, weight: 700, style, file: dejavu(`${base}-Bold${slanted}`) },
  ];
}

/**
 * Characters Arimo and Tinos draw that Liberation Sans and Serif 2.1.5 lack (the same set for
 * both and for every style; cmaps compared, format characters and private use left out):
 * Chromium takes them from a fallback font (₹ U+20B9 from DejaVu Sans, whose taller ascent and
 * descent also make the line taller), so the stand-ins must not claim them (CSS Fonts 4 §5.4:
 * a face is used for a character only when the font has a glyph for it).
 */
const LIBERATION_2_ABSENT = parseUnicodeRange(
  'U+370-373, U+376-377, U+37f, U+3cf, U+514-519, U+51e-52f, U+1ab0-1abe, U+1c80-1c88, ' +
    'U+1dcb-1df5, U+1dfb-1dfd, U+1e9c-1e9d, U+1e9f, U+1efa-1eff, U+2011, U+2023-2025, ' +
    'U+2027-2029, U+2031, U+2035-2038, U+203b, U+203d, U+203f-2043, U+2045-205d, U+205f, ' +
    'U+2070-2071, U+207a-207e, U+208a-208e, U+2095-209c, U+20b6-20be, U+2100-2104, U+2106-2112, ' +
    'U+2114-2115, U+2118-2121, U+2123-2125, U+2127-212d, U+212f-214c, U+214f, U+2c6e-2c70, ' +
    'U+2c78-2c7f, U+2de0-2e16, U+2e18-2e42, U+a640-a69f, U+a722-a787, U+a78d-a7ae, U+a7b0-a7b7, ' +
    'U+a7f7-a7ff, U+ab30-ab65, U+fb03-fb04, U+fe24-fe2f, U+fffd',
);

/** The same for Cousine and Liberation Mono 2.1.5. */
const LIBERATION_MONO_2_ABSENT = parseUnicodeRange('U+2016, U+2c79, U+a646-a647, U+ab64');

export const BUNDLED_FACES: readonly BundledFaceFile[] = [
  // Tinos maps U+00A0 to its space glyph; Liberation Serif 2.x has a no-break space of its own.
  ...fourFaces('Tinos', 'tinos', 'Tinos', { noBreakSpaceApart: true, absent: LIBERATION_2_ABSENT }),
  ...fourFaces('Arimo', 'arimo', 'Arimo', { absent: LIBERATION_2_ABSENT }),
  ...fourFaces('Cousine', 'cousine', 'Cousine', { absent: LIBERATION_MONO_2_ABSENT }),
  {
    family: 'Noto Sans Mono',
    weight: 400,
    style: 'normal',
    file: expo('noto-sans-mono', 'NotoSansMono', '400Regular'),
  },
  { family: 'Noto Sans Mono', weight: 700, style: 'normal', file: expo('noto-sans-mono', 'NotoSansMono', '700Bold') },
  ...dejavuFaces('DejaVu Sans', 'DejaVuSans', 'Oblique'),
  { family: 'DejaVu Sans', weight: 200, style: 'normal', file: dejavu('DejaVuSans-ExtraLight') },
  ...dejavuFaces('DejaVu Serif', 'DejaVuSerif', 'Italic'),
  ...dejavuFaces('DejaVu Sans Mono', 'DejaVuSansMono', 'Oblique'),
  ...dejavuFaces('DejaVu Sans Condensed', 'DejaVuSansCondensed', 'Oblique'),
  ...dejavuFaces('DejaVu Serif Condensed', 'DejaVuSerifCondensed', 'Italic'),
];

/**
 * CSS family name (lower-case) → bundled family, as Chromium resolved it on the reference
 * machine. Names not listed (Georgia, Verdana, Roboto…) are "not found": the next family in
 * the list is tried, and finally the default (Tinos, for Liberation Serif / Times New Roman).
 */
export const FAMILY_ALIASES: ReadonlyMap<string, string> = new Map([
  ['serif', 'Tinos'],
  ['times new roman', 'Tinos'],
  ['times', 'Tinos'],
  ['cursive', 'Tinos'],
  ['fantasy', 'Tinos'],
  ['liberation serif', 'Tinos'],
  ['tinos', 'Tinos'],
  ['sans-serif', 'Arimo'],
  ['arial', 'Arimo'],
  ['helvetica', 'Arimo'],
  ['liberation sans', 'Arimo'],
  ['arimo', 'Arimo'],
  ['courier new', 'Cousine'],
  ['courier', 'Cousine'],
  ['liberation mono', 'Cousine'],
  ['cousine', 'Cousine'],
  ['monospace', 'Noto Sans Mono'],
  ['noto sans mono', 'Noto Sans Mono'],
  ['system-ui', 'DejaVu Sans'],
  // Not a CSS generic: a family name whose fontconfig substitute Skia keeps (IsFallbackFontAllowed
  // in SkFontConfigInterface_direct.cpp), fontconfig's sans-serif default.
  ['sans', 'DejaVu Sans'],
  ['dejavu sans', 'DejaVu Sans'],
  ['dejavu serif', 'DejaVu Serif'],
  ['dejavu sans mono', 'DejaVu Sans Mono'],
  ['dejavu sans condensed', 'DejaVu Sans Condensed'],
  ['dejavu serif condensed', 'DejaVu Serif Condensed'],
  ['droid sans fallback', 'Droid Sans Fallback'],
]);

/**
 * Aliases a font installed on the host takes over: these name other vendors' fonts (Chromium
 * draws a real Arial where one is installed), while every other name in FAMILY_ALIASES keeps
 * its bundled face: generic families, and the families the bundled faces are copies of, whose
 * host copies (Liberation, DejaVu, Noto Sans Mono) give Chromium the same advances.
 */
export const HOST_FIRST_ALIASES: ReadonlySet<string> = new Set([
  'times new roman',
  'times',
  'arial',
  'helvetica',
  'courier new',
  'courier',
]);

/**
 * Last-resort fonts taken from the host when present, for scripts no bundled font covers
 * (CJK). Droid Sans Fallback is what Chromium used on the reference machine
 * (Debian fonts-droid-fallback). Only characters nothing bundled has ever reach them, so
 * output elsewhere stays host-independent; without them such characters are reported.
 */
export const SYSTEM_FALLBACK_FILES: readonly { readonly family: string; readonly path: string }[] = [
  { family: 'Droid Sans Fallback', path: '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf' },
  { family: 'Droid Sans Fallback', path: '/usr/share/fonts/truetype/droid/DroidSansFallback.ttf' },
];

/**
 * The colour emoji font: Twemoji as COLRv0 layers of TrueType outlines (Mozilla's twemoji-colr
 * build; outlines OFL 1.1, artwork CC BY 4.0, see NOTICE), drawn as vector paths
 * (paint/color-glyphs.ts). Emoji-presentation sequences take it first (text/emoji.ts); other
 * characters only when no other bundled font has them.
 */
export const EMOJI_FACE: BundledFaceFile = {
  family: 'Twemoji Mozilla',
  weight: 400,
  style: 'normal',
  file: 'twemoji-colr-font/twemoji.woff2',
};

export const DEFAULT_FAMILY = 'Tinos';
/** Wide-coverage families tried for a character no listed family has. */
export const FALLBACK_FAMILIES: readonly string[] = ['DejaVu Sans', 'DejaVu Serif'];

const require = createRequire(import.meta.url);

/** Absolute path of a bundled font file. */
export function resolveBundledFile(file: string): string {
  return require.resolve(file);
}
