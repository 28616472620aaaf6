/** The tables as Kysely sees them (one shape for SQLite and PostgreSQL; times are ISO-8601 text). */
export interface Tables {
  users: { id: string; email: string; password_hash: string; created_at: string };
  sessions: { token_hash: string; user_id: string; created_at: string; expires_at: string };
  api_keys: { id: string; user_id: string; name: string; prefix: string; key_hash: string; permission: 'full_access' | 'render_only'; created_at: string };
  components: { id: string; user_id: string; name: string; type: 'header' | 'footer' | 'block'; html: string; preview: string; created_at: string; updated_at: string };
  templates: {
    id: string;
    user_id: string;
    name: string;
    slug: string;
    html: string;
    plain_text: string;
    /** JSON text. */
    pdf_format: string;
    /** JSON text. */
    sample_data: string;
    header_component_id: string | null;
    footer_component_id: string | null;
    created_at: string;
    updated_at: string;
  };
  logs: {
    id: string;
    user_id: string;
    template_id: string | null;
    template_name: string | null;
    api_key_id: string | null;
    status: 'success' | 'error';
    duration_ms: number;
    size_bytes: number | null;
    error: string | null;
    /** JSON array, or null when there were none. */
    warnings: string | null;
    created_at: string;
  };
  renders: { id: string; user_id: string; size_bytes: number; filename: string; created_at: string; expires_at: string };
}
