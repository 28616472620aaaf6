/** Shapes of the JSON API (SPEC.md "Resources and their fields", DECISIONS.md "Authentication"). */

export interface User {
  id: string;
  email: string;
  created_at: string;
}

export type Preset = 'a4' | 'a4-landscape' | 'letter' | 'letter-landscape' | 'square' | 'custom';

export interface Margins {
  top?: string;
  bottom?: string;
  left?: string;
  right?: string;
}

export interface PdfFormat {
  preset?: Preset;
  width?: string;
  height?: string;
  margins?: Margins;
  background_color?: string;
  font_family?: string;
  font_size?: string;
  text_align?: 'left' | 'center' | 'right' | 'justify';
  horizontal_align?: 'left' | 'center' | 'right';
  vertical_align?: 'top' | 'center' | 'bottom';
  google_fonts_url?: string;
  color?: string;
  line_height?: string;
  component_gap?: string;
  footer_position?: 'after-content' | 'page-bottom';
}

export type JsonObject = Record<string, unknown>;

export interface Template {
  id: string;
  name: string;
  slug: string;
  html: string;
  plain_text: string;
  pdf_format: PdfFormat;
  /** Default `pdf` options (metadata, PDF/A, attachments…; see docs/pdf-options.md). */
  pdf_options?: JsonObject;
  sample_data: JsonObject;
  header_component_id: string | null;
  footer_component_id: string | null;
  created_at: string;
  updated_at: string;
}

export type ComponentType = 'header' | 'footer' | 'block';

export interface Component {
  id: string;
  name: string;
  type: ComponentType;
  html: string;
  preview: string;
  created_at: string;
  updated_at: string;
}

export type Permission = 'full_access' | 'render_only';

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  permission: Permission;
  created_at: string;
}

export interface CreatedApiKey extends ApiKey {
  key: string;
}

export interface PdfLog {
  id: string;
  template_id: string | null;
  template_name: string | null;
  api_key_id: string | null;
  status: 'success' | 'error';
  duration_ms: number;
  size_bytes: number | null;
  error?: string;
  created_at: string;
}

export interface LogPage {
  data: PdfLog[];
  has_more: boolean;
  next_cursor: string | null;
}

export interface Stats {
  templates: number;
  total_renders: number;
  success_rate: number;
  avg_duration_ms: number;
  total_size_bytes: number;
}

export type Period = '1h' | '24h' | '7d' | '30d';

export interface LogQuery {
  limit?: number;
  cursor?: string;
  status?: 'success' | 'error';
  template_id?: string;
  from?: string;
  to?: string;
}

export interface PreviewRequest {
  html: string;
  data: JsonObject;
  format?: PdfFormat;
  pdf?: JsonObject;
  header_component_id?: string | null;
  footer_component_id?: string | null;
  /** The HTML of a header/footer being edited, previewed as one. */
  header_html?: string;
  footer_html?: string;
}
