/**
 * The PdfFormat object (SPEC.md "PdfFormat") as form controls. Empty controls
 * mean "not set", so the server's defaults and the document's own CSS keep
 * precedence (DECISIONS.md "Render"); placeholders show those defaults.
 */
import type { Margins, PdfFormat } from '../types.js';
import { FORMAT_DEFAULTS, PRESET_SIZES } from './format-defaults.js';
import { SelectField } from './select-field.js';

type TextKey =
  'background_color' | 'font_family' | 'font_size' | 'google_fonts_url' | 'color' | 'line_height' | 'component_gap';
type ChoiceKey = 'preset' | 'text_align' | 'horizontal_align' | 'vertical_align' | 'footer_position';

const CHOICES: Record<ChoiceKey, readonly string[]> = {
  preset: ['a4', 'a4-landscape', 'letter', 'letter-landscape', 'square', 'custom'],
  text_align: ['left', 'center', 'right', 'justify'],
  horizontal_align: ['left', 'center', 'right'],
  vertical_align: ['top', 'center', 'bottom'],
  footer_position: ['after-content', 'page-bottom'],
};

const LABELS: Record<TextKey | ChoiceKey, string> = {
  preset: 'Page size',
  background_color: 'Background colour',
  font_family: 'Font family',
  font_size: 'Font size',
  google_fonts_url: 'Web-font stylesheet URL',
  color: 'Text colour',
  line_height: 'Line height',
  component_gap: 'Header/footer gap',
  text_align: 'Text align',
  horizontal_align: 'Horizontal align',
  vertical_align: 'Vertical align',
  footer_position: 'Footer position',
};

export function FormatFields(props: { value: PdfFormat; onChange: (f: PdfFormat) => void; errorParam: string | null }) {
  const f = props.value;
  const set = (k: string, v: string) => props.onChange({ ...f, [k]: v });
  const setMargin = (k: keyof Margins, v: string) => props.onChange({ ...f, margins: { ...f.margins, [k]: v } });
  const invalid = (path: string) => (props.errorParam?.endsWith(path) ? true : undefined);

  const choice = (k: ChoiceKey) => (
    <SelectField key={k} label={LABELS[k]} value={f[k] ?? ''} onChange={(v) => set(k, v)} invalid={invalid(k)}>
      <option value="">Default ({FORMAT_DEFAULTS[k]})</option>
      {CHOICES[k].map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </SelectField>
  );
  const text = (k: TextKey) => (
    <label class="field" key={k}>
      <span>{LABELS[k]}</span>
      <input
        value={f[k] ?? ''}
        placeholder={FORMAT_DEFAULTS[k]}
        onInput={(e) => set(k, e.currentTarget.value)}
        aria-invalid={invalid(k)}
      />
    </label>
  );
  // Width and height belong to `custom`; otherwise they show the chosen preset's size.
  const presetSize = PRESET_SIZES[f.preset && f.preset !== 'custom' ? f.preset : FORMAT_DEFAULTS.preset];
  const side = (k: 'width' | 'height', i: 0 | 1) => (
    <label class="field" key={k}>
      <span>{k === 'width' ? 'Width' : 'Height'}</span>
      <input
        value={f[k] ?? ''}
        placeholder={presetSize[i]}
        onInput={(e) => set(k, e.currentTarget.value)}
        aria-invalid={invalid(k)}
        disabled={f.preset !== 'custom'}
      />
    </label>
  );

  return (
    <div class="format-grid">
      {choice('preset')}
      {side('width', 0)}
      {side('height', 1)}
      <fieldset class="margins">
        <legend>Margins</legend>
        {(['top', 'bottom', 'left', 'right'] as const).map((k) => (
          <label class="field" key={k}>
            <span>{k[0]!.toUpperCase() + k.slice(1)}</span>
            <input
              value={f.margins?.[k] ?? ''}
              placeholder={FORMAT_DEFAULTS.margins[k]}
              aria-invalid={invalid(`margins.${k}`)}
              onInput={(e) => setMargin(k, e.currentTarget.value)}
            />
          </label>
        ))}
      </fieldset>
      {text('font_family')}
      {text('font_size')}
      {text('line_height')}
      {text('color')}
      {text('background_color')}
      {choice('text_align')}
      {choice('horizontal_align')}
      {choice('vertical_align')}
      {text('component_gap')}
      {choice('footer_position')}
      {text('google_fonts_url')}
    </div>
  );
}
