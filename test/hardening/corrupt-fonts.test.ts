/**
 * A font that parses but whose layout tables are corrupt (issue 17 #7). Fuzzing GSUB found
 * fonts that made fontkit run for minutes or exhaust memory on one paragraph: decoding nested
 * arrays of pointers with counts of 65,535, contextual lookups that call themselves, multiple
 * substitutions that feed themselves. Such a font is skipped with a warning, like an
 * unreadable one, and the next family draws the text (resources/layout-budget.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { BUNDLED_FACES } from '../../packages/core/src/resources/bundled-fonts.js';
import { parseFont } from '../../packages/core/src/resources/font-data.js';
import { CorruptFontError } from '../../packages/core/src/resources/layout-budget.js';
import { attempt, expectPdf, pdfText } from './helpers.js';

const require = createRequire(import.meta.url);
const arimo = readFileSync(require.resolve('@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf'));

/** Offset and length of a table of an sfnt font. */
function tableRange(font: Buffer, tag: string): [number, number] {
  for (let i = 0; i < font.readUInt16BE(4); i++) {
    const entry = 12 + 16 * i;
    if (font.toString('latin1', entry, entry + 4) === tag)
      return [font.readUInt32BE(entry + 8), font.readUInt32BE(entry + 12)];
  }
  throw new Error(`no ${tag}`);
}

/** mulberry32: the same bytes on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Arimo with 8 random bytes of its GSUB table replaced. */
function fuzzedArimo(seed: number): Buffer {
  const next = random(seed);
  const font = Buffer.from(arimo);
  const [offset, length] = tableRange(font, 'GSUB');
  for (let i = 0; i < 8; i++) font[offset + Math.floor(next() * length)] = Math.floor(next() * 256);
  return font;
}

const u16 = (...values: number[]): Buffer => Buffer.from(values.flatMap((v) => [(v >> 8) & 0xff, v & 0xff]));

/**
 * A GSUB table whose one feature ('liga', on by default) applies lookup 0 to every script,
 * with `lookups` as its lookup list (each one subtable, given as [type, bytes]).
 */
function gsub(lookups: readonly (readonly [number, Buffer])[]): Buffer {
  const scriptList = Buffer.concat([u16(1), Buffer.from('DFLT'), u16(8), u16(4, 0), u16(0, 0xffff, 1, 0)]);
  const featureList = Buffer.concat([u16(1), Buffer.from('liga'), u16(8), u16(0, 1, 0)]);
  const tables = lookups.map(([type, sub]) => Buffer.concat([u16(type, 0, 1, 8), sub]));
  const offsets: number[] = [];
  let at = 2 + 2 * tables.length;
  for (const t of tables) {
    offsets.push(at);
    at += t.length;
  }
  const lookupList = Buffer.concat([u16(tables.length, ...offsets), ...tables]);
  const header = 10;
  return Buffer.concat([
    u16(1, 0, header, header + scriptList.length, header + scriptList.length + featureList.length),
    scriptList,
    featureList,
    lookupList,
  ]);
}

/** Coverage format 1 of one glyph. */
const coverage = (glyph: number): Buffer => u16(1, 1, glyph);

/** Arimo with its GSUB table replaced by `table` (appended; the directory entry points to it). */
function withGsub(table: Buffer): Buffer {
  const font = Buffer.concat([arimo, Buffer.alloc((4 - (arimo.length % 4)) % 4), table]);
  for (let i = 0; i < font.readUInt16BE(4); i++) {
    const entry = 12 + 16 * i;
    if (font.toString('latin1', entry, entry + 4) !== 'GSUB') continue;
    font.writeUInt32BE(font.length - table.length, entry + 8);
    font.writeUInt32BE(table.length, entry + 12);
  }
  return font;
}

const TEXT = 'The quick brown fox jumps over the lazy dog. ffi fl 1/2 Ünïcödé café ½ — “quotes” 0123456789';
/**
 * The 13 seeds of the first 300 whose font ran for minutes (over 100 s) or out of memory on
 * TEXT before the fix, all while fontkit decoded the GSUB's script and feature lists.
 */
const HANGING_SEEDS = [7, 35, 52, 121, 135, 136, 164, 177, 181, 210, 213, 225, 251];

describe('a font with corrupt layout tables is skipped, not fatal', () => {
  it('fuzzed GSUB tables that hung fontkit end with CorruptFontError', () => {
    for (const seed of HANGING_SEEDS) {
      const outcome = (() => {
        try {
          parseFont(fuzzedArimo(seed)).layout(TEXT);
          return 'laid out';
        } catch (error) {
          return error instanceof CorruptFontError
            ? 'corrupt'
            : `${(error as Error).name}: ${(error as Error).message}`;
        }
      })();
      expect(outcome, `seed ${seed}`).toBe('corrupt');
    }
  }, 120_000);

  it('a multiple substitution that feeds itself, a context lookup that doubles at each level', () => {
    const a = parseFont(arimo).glyphForCodePoint(0x61).id;
    // 'a' → 'a a', and fontkit applies the lookup again to the 'a' it inserted: without end.
    const multiple = gsub([[2, Buffer.concat([u16(1, 8, 1, 14), coverage(a), u16(2, a, a)])]]);
    // Lookup i calls lookup i + 1 twice at the same glyph: 2^40 applications for one 'a'.
    const depth = 40;
    const doubling = gsub([
      ...Array.from(
        { length: depth },
        (_, i) => [5, Buffer.concat([u16(3, 1, 2, 16), u16(0, i + 1, 0, i + 1), coverage(a)])] as const,
      ),
      [1, Buffer.concat([u16(1, 6, 0), coverage(a)])] as const,
    ]);
    for (const [name, table] of [
      ['multiple', multiple],
      ['doubling', doubling],
    ] as const) {
      const font = parseFont(withGsub(table));
      expect(() => font.layout('banana'), name).toThrow(CorruptFontError);
      expect(font.layout('xyz').glyphs.length, name).toBe(3); // text the lookups never touch
    }
  }, 120_000);

  it('a document using such a font renders in the next family, with a warning', async () => {
    for (const seed of [7, 35]) {
      const src = `data:font/ttf;base64,${fuzzedArimo(seed).toString('base64')}`;
      const html = `<style>@font-face { font-family: Fuzzed; src: url(${src}) } p { font-family: Fuzzed, serif }</style><p>${TEXT}</p><p>after</p>`;
      const result = expectPdf(await attempt({ html }));
      expect(pdfText(result.pdf)).toContain('after');
      expect(result.diagnostics.filter((d) => d.code === 'font_decode_failed').length, `seed ${seed}`).toBe(1);
    }
  }, 120_000);

  it('controls: the intact font renders without a warning, and every bundled face passes the budget', async () => {
    const src = `data:font/ttf;base64,${arimo.toString('base64')}`;
    const html = `<style>@font-face { font-family: Intact; src: url(${src}) } p { font-family: Intact }</style><p>${TEXT}</p>`;
    const result = expectPdf(await attempt({ html }));
    expect(result.diagnostics.filter((d) => d.code === 'font_decode_failed')).toEqual([]);
    const samples = [TEXT, 'مرحبا بالعالم', 'नमस्ते दुनिया', 'Ελληνικά кириллица', 'é̄ x̧̆ ǅ', 'a'];
    for (const face of BUNDLED_FACES) {
      const font = parseFont(readFileSync(require.resolve(face.file)));
      for (const text of samples) expect(() => font.layout(text), face.file).not.toThrow(CorruptFontError);
    }
  }, 120_000);
});
