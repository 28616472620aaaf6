import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import { getFontRegistry } from '../../src/resources/fonts.js';
import { shapeRun, shapeWithFontkit, type ShapeRequest } from '../../src/text/shaper.js';
import { inSimpleRange, scriptOf, shapeSimple } from '../../src/text/simple-shaper.js';

/** Every font Platen ships (the host's Droid fallback too, when installed). */
const faces = [...getFontRegistry().families.values()].flat();
const font = (family: string, weight = 400, style = 'normal'): Font => {
  const face = faces.find((f) => f.family === family && f.weight === weight && f.style === style);
  if (!face) throw new Error(`no ${family} ${weight} ${style}`);
  return face.font;
};

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'AVATAR',
  'Today',
  'Tokyo',
  'WAVE',
  'Yours',
  'LT',
  'P.',
  'F.',
  'Vo',
  'We',
  'Ta',
  'Te',
  'Ty',
  'r.',
  'y,',
  'LY',
  "L'",
  'AT&T',
  'office',
  'affluent',
  'fjord',
  'ffi',
  'ffl',
  'fi',
  'fl',
  'Th',
  'The',
  'quick',
  'brown',
  'fox',
  'Item',
  'stainless',
  'fastener,',
  'grade',
  'Total',
  'EUR',
  'Straße',
  'Æsop',
  'Øre',
  'œuvre',
  'Łódź',
  'Győr',
  'Țară',
  'Işık',
  'İstanbul',
  'naïve',
  'café',
  'résumé',
  'Ångström',
  'über',
  'señor',
  'Ça',
  'e\u0301',
  'a\u0308o',
  'n\u0303',
  'Αθήνα',
  'Москва',
  'שלום',
  'مرحبا',
  '漢字',
  'Paris',
  '“quoted”',
  '‘single’',
  'a–b',
  'a—b',
  '…',
  '€ 12,50',
  '£5',
  '¥',
  '§ 3',
  '© 2024',
  '®',
  '™',
  '90°',
  '±2',
  '3×4',
  '8÷2',
  '½',
  '1⁄2',
  '‰',
  '†',
  '•',
  '\u00a0',
  'a\u2009b',
  '1\u202f000',
  'zero\u200bwidth',
  'soft\u00adhyphen',
  'tab\tx',
  'x\ny',
  'ﬁ',
  'ǅ',
  'ɐɑɒ',
  'ʻokina',
  'A\u0300',
  '(1)',
  '[x]',
  '{y}',
  '#12',
  '100%',
  'a/b',
  'a\\b',
  '@',
  '~',
  '^',
  '_',
  '|',
];
const DIGITS = '0123456789.,:-/ ';

function sample(next: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const kind = next();
  if (kind < 0.3) {
    let s = '';
    const n = 1 + Math.floor(next() * 10);
    for (let i = 0; i < n; i++) s += pick([...DIGITS]);
    return s;
  }
  if (kind < 0.45) return pick(WORDS);
  const parts: string[] = [];
  const n = 1 + Math.floor(next() * 4);
  for (let i = 0; i < n; i++) parts.push(next() < 0.2 ? String(Math.floor(next() * 100000)) : pick(WORDS));
  return parts.join(next() < 0.8 ? ' ' : '');
}

describe('simple shaper', () => {
  it('gives exactly what fontkit gives, for every bundled font, over generated strings', () => {
    const next = random(9);
    let simple = 0;
    let total = 0;
    for (const face of faces) {
      for (let i = 0; i < 160; i++) {
        const request: ShapeRequest = {
          text: sample(next),
          rtl: next() < 0.1,
          ligatures: next() < 0.7,
          lang: ['', '', 'tr', 'nl', 'ro', 'de-CH'][Math.floor(next() * 6)] ?? '',
        };
        const fast = shapeRun(face.font, request);
        const reference = shapeWithFontkit(face.font, request);
        expect(fast, `${face.id} ${JSON.stringify(request)}`).toEqual(reference);
        total++;
        if (!request.rtl && shapeSimple(face.font, request.text, request.ligatures, undefined)) simple++;
      }
    }
    // The comparison must mostly exercise the simple path, not fontkit against itself.
    expect(simple / total).toBeGreaterThan(0.5);
  });

  it('takes pair kerning from the font (Arimo "AV", "To") and keeps it per pair', () => {
    const arimo = font('Arimo');
    for (const text of ['AV', 'To', 'AVATAR', 'Today 11.11']) {
      const shaped = shapeSimple(arimo, text, true, undefined);
      expect(shaped, text).not.toBeNull();
      const plain = [...text].map((ch) => arimo.glyphForCodePoint(ch.codePointAt(0) ?? 0).advanceWidth);
      expect(shaped?.xAdvances).not.toEqual(plain);
      expect(shaped?.xAdvances).toEqual(
        arimo.layout(text, {}, undefined, undefined, 'ltr').positions.map((p) => p.xAdvance),
      );
    }
  });

  it('leaves ligatures, marks, fractions, right-to-left and other scripts to fontkit', () => {
    const dejavu = font('DejaVu Sans');
    expect(shapeSimple(dejavu, 'office', true, undefined)).toBeNull();
    expect(shapeSimple(dejavu, 'e\u0301', true, undefined)).toBeNull();
    expect(shapeSimple(dejavu, '1\u20442', true, undefined)).toBeNull();
    expect(shapeSimple(dejavu, 'שלום', true, undefined)).toBeNull();
    expect(shapeSimple(dejavu, 'soft\u00adhyphen', true, undefined)).toBeNull();
    expect(shapeSimple(dejavu, 'Total:123,45', true, undefined)).not.toBeNull();
  });

  it('takes words with "i" and "j" in Arimo and Tinos, whose dotless-i rules need a combining mark', () => {
    for (const family of ['Arimo', 'Tinos']) {
      for (const text of ['minimum', 'Jiji', 'invoice line item', 'fijord']) {
        const shaped = shapeSimple(font(family), text, true, undefined);
        expect(shaped, `${family} ${text}`).not.toBeNull();
        expect(shapeRun(font(family), { text, rtl: false, ligatures: true, lang: '' })).toEqual(
          shapeWithFontkit(font(family), { text, rtl: false, ligatures: true, lang: '' }),
        );
      }
      // With the mark, fontkit does substitute: the run is not simple.
      expect(shapeSimple(font(family), 'i\u0301', true, undefined)).toBeNull();
    }
  });

  it('follows the language system fontkit selects (Noto Sans Mono: Romanian ş is ș, elsewhere plain)', () => {
    const mono = font('Noto Sans Mono');
    for (const lang of ['', 'ro', 'tr']) {
      const request: ShapeRequest = { text: 'Işık şţ Ļ', rtl: false, ligatures: true, lang };
      expect(shapeRun(mono, request), lang).toEqual(shapeWithFontkit(mono, request));
    }
    expect(shapeSimple(mono, 'şţ', true, undefined)).not.toBeNull();
    expect(shapeSimple(mono, 'şţ', true, 'ROM')).toBeNull();
    expect(shapeRun(mono, { text: 'ş', rtl: false, ligatures: true, lang: 'ro' }).glyphIds).not.toEqual(
      shapeRun(mono, { text: 'ş', rtl: false, ligatures: true, lang: '' }).glyphIds,
    );
  });

  it('takes only characters fontkit sees as Latin, Greek, Cyrillic or Common script, and knows which', () => {
    // fontkit detects the run's script with unicode-properties: the first non-Common character decides.
    const fontkitRequire = createRequire(createRequire(import.meta.url).resolve('fontkit'));
    const { getScript } = fontkitRequire('unicode-properties') as { getScript(cp: number): string };
    const tags: Record<string, string> = { Common: '', Unknown: '', Latin: 'latn', Greek: 'grek', Cyrillic: 'cyrl' };
    let count = 0;
    for (let cp = 0; cp < 0x20d0; cp++) {
      if (!inSimpleRange(cp)) continue;
      count++;
      const script = getScript(cp);
      expect(Object.keys(tags), `U+${cp.toString(16)}`).toContain(script);
      expect(scriptOf(cp), `U+${cp.toString(16)} ${script}`).toBe(tags[script]);
    }
    expect(count).toBeGreaterThan(800);
  });

  it('shapes Greek and Cyrillic words as fontkit does, with their own script', () => {
    for (const family of ['Arimo', 'Tinos', 'DejaVu Serif']) {
      for (const text of ['Αθήνα', 'ΑΥΤΟ', 'Москва', 'ГОД', 'Paris Москва 2024', '2024 Москва Paris', 'ТАТЬЯНА']) {
        const request: ShapeRequest = { text, rtl: false, ligatures: true, lang: '' };
        expect(shapeRun(font(family), request), `${family} ${text}`).toEqual(shapeWithFontkit(font(family), request));
      }
    }
    expect(shapeSimple(font('Arimo'), 'Москва', true, undefined)).not.toBeNull();
  });

  it('survives fontkit throwing on a mark sequence (Noto Sans Mono "р" + U+0338): shaped again without mark positioning', () => {
    const mono = font('Noto Sans Mono');
    const request: ShapeRequest = { text: 'р\u0338', rtl: false, ligatures: true, lang: '' };
    expect(() => mono.layout(request.text, {}, undefined, undefined, 'ltr')).toThrow();
    const shaped = shapeRun(mono, request);
    expect(shaped.glyphIds).toEqual(
      mono.layout(request.text, { mark: false, mkmk: false }, undefined, undefined, 'ltr').glyphs.map((g) => g.id),
    );
    expect(shaped.glyphText.join('')).toBe(request.text);
  });
});
