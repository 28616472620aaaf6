import { FOOTER_POSITIONS, HORIZONTAL_ALIGNS, PRESET_NAMES, TEXT_ALIGNS, VERTICAL_ALIGNS } from '@platen/core/options';
import { z } from 'zod';

// The shape and the enumerations, for the OpenAPI document and the types. Values are core's to
// judge (core's resolveFormat, through checkFormat): lengths, page-side bounds, margins that leave
// a content area, CSS values; and when this schema refuses a format, validate() asks core first,
// so that the API, the CLI and the library refuse the same formats with the same messages.
const length = z
  .string()
  .max(50)
  .meta({
    description: 'A CSS length: a number and px, pt, pc, mm, cm, in or q (any case), or 0.',
    examples: ['20mm', '.5in', '72pt'],
  });
/** Custom page sides: 10 mm to 5,000 mm (DECISIONS.md "Limits and resources"). */
const side = length.meta({ description: 'A CSS length from 10mm to 5000mm.', examples: ['210mm', '8.5in'] });
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

/** The request fields that hold a PdfFormat (render: `format`; templates: `pdf_format`). */
export const FORMAT_FIELDS: ReadonlySet<string> = new Set(['format', 'pdf_format']);
