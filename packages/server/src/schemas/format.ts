import {
  FOOTER_POSITIONS,
  HORIZONTAL_ALIGNS,
  MAX_PAGE_SIDE,
  MIN_PAGE_SIDE,
  PRESET_NAMES,
  TEXT_ALIGNS,
  VERTICAL_ALIGNS,
  parseAbsoluteLength,
} from '@platen/core';
import { z } from 'zod';

// Field values follow core's rules (one grammar for lengths, the same enumerations), so that the
// API, the CLI and the library accept and refuse the same formats; core checks the whole format.
const length = z
  .string()
  .max(50)
  .refine((v) => (parseAbsoluteLength(v) ?? -1) >= 0, 'Expected a non-negative CSS length such as 20mm, .5in or 72pt.')
  .meta({
    description: 'A CSS length: a number and px, pt, pc, mm, cm, in or q (any case), or 0.',
    examples: ['20mm', '.5in', '72pt'],
  });
/** Custom page sides: 10 mm to 5,000 mm (DECISIONS.md "Limits and resources"). */
const side = length.refine((v) => {
  const px = parseAbsoluteLength(v) ?? 0;
  return px >= MIN_PAGE_SIDE - 1e-6 && px <= MAX_PAGE_SIDE + 1e-6;
}, 'Page sides must be between 10mm and 5000mm.');
const short = (max = 200) => z.string().max(max);

export const pdfFormatSchema = z
  .object({
    preset: z.enum(PRESET_NAMES),
    width: side,
    height: side,
    margins: z.object({ top: length, bottom: length, left: length, right: length }).partial(),
    background_color: short(),
    font_family: short(),
    font_size: short(50),
    text_align: z.enum(TEXT_ALIGNS),
    horizontal_align: z.enum(HORIZONTAL_ALIGNS),
    vertical_align: z.enum(VERTICAL_ALIGNS),
    // Any scheme is accepted: what may not be fetched is skipped with a warning when rendering (DECISIONS.md).
    google_fonts_url: short(2000),
    color: short(),
    line_height: short(50),
    component_gap: length,
    footer_position: z.enum(FOOTER_POSITIONS),
  })
  .partial()
  .meta({ id: 'PdfFormat', description: 'Page format; every field optional. Default A4 portrait, margins 20mm/15mm.' });

export type PdfFormatInput = z.infer<typeof pdfFormatSchema>;
