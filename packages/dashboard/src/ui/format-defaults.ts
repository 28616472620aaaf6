/**
 * What a render uses for each PdfFormat field left empty: the page defaults of
 * core's resolveFormat (DECISIONS.md "Render": A4, margins 20mm top/bottom and
 * 15mm left/right, no header/footer gap, footer after the content), and for the
 * typography fields the CSS initial values the document then starts from.
 * The format panel shows them as placeholders and "Default (…)" choices;
 * test/ui/format-defaults.test.ts checks them against core.
 */
import type { Preset } from '../types.js';

/** Page sizes of the presets, portrait or landscape as named (DECISIONS.md "Render"). */
export const PRESET_SIZES: Readonly<Record<Exclude<Preset, 'custom'>, readonly [string, string]>> = {
  a4: ['210mm', '297mm'],
  'a4-landscape': ['297mm', '210mm'],
  letter: ['8.5in', '11in'],
  'letter-landscape': ['11in', '8.5in'],
  square: ['210mm', '210mm'],
};

export const FORMAT_DEFAULTS = {
  preset: 'a4',
  margins: { top: '20mm', bottom: '20mm', left: '15mm', right: '15mm' },
  component_gap: '0mm',
  footer_position: 'after-content',
  horizontal_align: 'left',
  vertical_align: 'top',
  // CSS initial values (the document's CSS, then these fields, override them).
  font_family: 'serif',
  font_size: '12pt',
  line_height: 'normal',
  color: 'black',
  text_align: 'left',
  background_color: 'none',
  google_fonts_url: 'none',
} as const;
