/**
 * The PdfFormat object (SPEC.md "PdfFormat") as form controls. Empty controls
 * mean "not set", so the server's defaults (A4, 20mm/15mm margins) and the
 * document's own CSS keep precedence (DECISIONS.md "Render").
 */
import type { Margins, PdfFormat } from '../types.js';
import { SelectField } from './select-field.js';

type TextKey = 'width' | 'height' | 'background_color' | 'font_family' | 'font_size' | 'google_fonts_url'
  | 'color' | 'line_height' | 'component_gap';
type ChoiceKey = 'preset' | 'text_align' | 'horizontal_align' | 'vertical_align' | 'footer_position';

const CHOICES: Record<ChoiceKey, readonly string[]> = {
  preset: ['a4', 'a4-landscape', 'letter', 'letter-landscape', 'square', 'custom'],
  text_align: ['left', 'center', 'right', 'justify'],
  horizontal_align: ['left', 'center', 'right'],
  vertical_align: ['top', 'center', 'bottom'],
  footer_position: ['after-content', 'page-bottom'],
};

const LABELS: Record<TextKey | ChoiceKey, string> = {
  preset: 'Page size', width: 'Width', height: 'Height', background_color: 'Background colour',
  font_family: 'Font family', font_size: 'Font size', google_fonts_url: 'Web-font stylesheet URL',
  color: 'Text colour', line_height: 'Line height', component_gap: 'Header/footer gap',
  text_align: 'Text align', horizontal_align: 'Horizontal align', vertical_align: 'Vertical align',
  footer_position: 'Footer position',
};

export function FormatFields(props: { value: PdfFormat; onChange: (f: PdfFormat) => void; errorParam: string | null }) {
  const f = props.value;
  const set = (k: string, v: string) => props.onChange({ ...f, [k]: v });
  const setMargin = (k: keyof Margins, v: string) => props.onChange({ ...f, margins: { ...f.margins, [k]: v } });
  const invalid = (path: string) => (props.errorParam?.endsWith(path) ? true : undefined);

  const choice = (k: ChoiceKey) => (
    <SelectField key={k} label={LABELS[k]} value={f[k] ?? ''} onChange={(v) => set(k, v)} invalid={invalid(k)}>
      <option value="">Default</option>
      {CHOICES[k].map((c) => <option key={c} value={c}>{c}</option>)}
    </SelectField>
  );
  const text = (k: TextKey, placeholder: string) => (
    <label class="field" key={k}>
      <span>{LABELS[k]}</span>
      <input value={f[k] ?? ''} placeholder={placeholder} onInput={(e) => set(k, e.currentTarget.value)}
        aria-invalid={invalid(k)} disabled={(k === 'width' || k === 'height') && f.preset !== 'custom'} />
    </label>
  );

  return (
    <div class="format-grid">
      {choice('preset')}
      {text('width', '210mm')}
      {text('height', '297mm')}
      <fieldset class="margins">
        <legend>Margins</legend>
        {(['top', 'bottom', 'left', 'right'] as const).map((k) => (
          <label class="field" key={k}>
            <span>{k[0]!.toUpperCase() + k.slice(1)}</span>
            <input value={f.margins?.[k] ?? ''} placeholder={k === 'top' || k === 'bottom' ? '20mm' : '15mm'}
              aria-invalid={invalid(`margins.${k}`)} onInput={(e) => setMargin(k, e.currentTarget.value)} />
          </label>
        ))}
      </fieldset>
      {text('font_family', 'Arial, sans-serif')}
      {text('font_size', '12pt')}
      {text('line_height', '1.4')}
      {text('color', '#222')}
      {text('background_color', 'white')}
      {choice('text_align')}
      {choice('horizontal_align')}
      {choice('vertical_align')}
      {text('component_gap', '5mm')}
      {choice('footer_position')}
      {text('google_fonts_url', 'https://…/css2?family=…')}
    </div>
  );
}
