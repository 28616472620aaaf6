import { z } from 'zod';

/** CSS absolute lengths accepted in PdfFormat; `0` needs no unit. */
export const LENGTH = /^(0|\d+(\.\d+)?(px|pt|pc|mm|cm|in|q))$/i;
const MM_PER_UNIT: Record<string, number> = { px: 25.4 / 96, pt: 25.4 / 72, pc: 25.4 / 6, mm: 1, cm: 10, in: 25.4, q: 0.25 };

/** Millimetres of a LENGTH string. */
export function lengthToMm(length: string): number {
  const match = /^(\d+(?:\.\d+)?)([a-z]*)$/i.exec(length);
  if (!match) return NaN;
  return Number(match[1]) * (MM_PER_UNIT[(match[2] ?? '').toLowerCase()] ?? (match[1] === '0' ? 0 : NaN));
}

const length = z.string().regex(LENGTH, 'Expected a CSS length such as 20mm, 1in or 72pt.');
/** Custom page sides: 10 mm to 5,000 mm (DECISIONS.md "Limits and resources"). */
const side = length.refine((v) => lengthToMm(v) >= 10 && lengthToMm(v) <= 5000, 'Page sides must be between 10mm and 5000mm.');
const short = (max = 200) => z.string().max(max);

export const PRESETS = ['a4', 'a4-landscape', 'letter', 'letter-landscape', 'square', 'custom'] as const;

/** Page sizes in mm (DECISIONS.md "Render"). */
export const PRESET_SIZES_MM: Record<Exclude<(typeof PRESETS)[number], 'custom'>, readonly [number, number]> = {
  a4: [210, 297],
  'a4-landscape': [297, 210],
  letter: [215.9, 279.4],
  'letter-landscape': [279.4, 215.9],
  square: [210, 210],
};

export const pdfFormatSchema = z
  .object({
    preset: z.enum(PRESETS),
    width: side,
    height: side,
    margins: z.object({ top: length, bottom: length, left: length, right: length }).partial(),
    background_color: short(),
    font_family: short(),
    font_size: short(50),
    text_align: z.enum(['left', 'center', 'right', 'justify']),
    horizontal_align: z.enum(['left', 'center', 'right']),
    vertical_align: z.enum(['top', 'center', 'bottom']),
    google_fonts_url: z.url({ protocol: /^https?$/ }).max(2000),
    color: short(),
    line_height: short(50),
    component_gap: length,
    footer_position: z.enum(['after-content', 'page-bottom']),
  })
  .partial()
  .meta({ id: 'PdfFormat', description: 'Page format; every field optional. Default A4 portrait, margins 20mm/15mm.' });

export type PdfFormatInput = z.infer<typeof pdfFormatSchema>;
