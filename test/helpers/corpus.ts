/**
 * The fidelity corpus copied into the repository (scripts/import-corpus.mjs): each case
 * with its template, data, page defaults and the words of Chromium's reference print.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PdfFormat } from '@platen/core';
import type { PdfText } from './poppler.js';

export const corpusDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'corpus');

export interface CorpusCase {
  readonly name: string;
  readonly dir: string;
  readonly html: string;
  readonly data: Record<string, unknown>;
  readonly format: PdfFormat;
  /** Chromium's print: page sizes in pt and words as [page, xCentre, yCentre, text]. */
  readonly reference: {
    readonly pages: readonly [number, number][];
    readonly words: readonly [number, number, number, string][];
  };
}

export function loadCorpus(): CorpusCase[] {
  return readdirSync(corpusDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => {
      const dir = join(corpusDir, d.name);
      const read = (f: string) => readFileSync(join(dir, f), 'utf8');
      return {
        name: d.name,
        dir,
        html: read('template.html'),
        data: JSON.parse(read('data.json')) as Record<string, unknown>,
        format: JSON.parse(read('format.json')) as PdfFormat,
        reference: JSON.parse(read('reference-words.json')) as CorpusCase['reference'],
      };
    });
}

/** Every string or number in a JSON value. */
export function leafValues(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(leafValues);
  if (value && typeof value === 'object') return Object.values(value).flatMap(leafValues);
  return [];
}

export interface Placement {
  /** Share of reference words matched in reading order (longest common subsequence). */
  readonly inOrder: number;
  /** Share of reference words whose match lies on the same page within 3 pt / 10 pt. */
  readonly within3pt: number;
  readonly within10pt: number;
}

/** Compare our words with Chromium's, as ../shared/tools/fidelity does (simplified: LCS only). */
export function comparePlacement(reference: CorpusCase['reference'], ours: PdfText): Placement {
  const ref = reference.words;
  const cand = ours.words.map((w) => [w.page, (w.xMin + w.xMax) / 2, (w.yMin + w.yMax) / 2, w.text] as const);
  const norm = (s: string) => s.normalize('NFKC');
  const pairs = lcsPairs(
    ref.map((w) => norm(w[3])),
    cand.map((w) => norm(w[3])),
  );
  let near3 = 0;
  let near10 = 0;
  for (const [i, j] of pairs) {
    const a = ref[i]!;
    const b = cand[j]!;
    if (a[0] !== b[0]) continue;
    const d = Math.hypot(a[1] - b[1], a[2] - b[2]);
    if (d <= 3) near3++;
    if (d <= 10) near10++;
  }
  const n = Math.max(ref.length, 1);
  return { inOrder: pairs.length / n, within3pt: near3 / n, within10pt: near10 / n };
}

/** Index pairs of a longest common subsequence (O(n·m) table; corpus cases are small). */
function lcsPairs(a: readonly string[], b: readonly string[]): [number, number][] {
  const m = b.length;
  const table = new Uint16Array((a.length + 1) * (m + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * (m + 1) + j] =
        a[i] === b[j]
          ? table[(i + 1) * (m + 1) + j + 1]! + 1
          : Math.max(table[(i + 1) * (m + 1) + j]!, table[i * (m + 1) + j + 1]!);
    }
  }
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < a.length && j < m;) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (table[(i + 1) * (m + 1) + j]! >= table[i * (m + 1) + j + 1]!) i++;
    else j++;
  }
  return pairs;
}
