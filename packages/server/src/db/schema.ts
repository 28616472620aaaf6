import type { Generated } from 'kysely';

/** The tables as Kysely sees them (one shape for SQLite and PostgreSQL; times are ISO-8601 text). */
export interface Tables {
  users: {
    id: string;
    email: string;
    password_hash: string;
    created_at: string;
    webhook_secret: Generated<string | null>;
  };
  sessions: { token_hash: string; user_id: string; created_at: string; expires_at: string };
  api_keys: {
    id: string;
    user_id: string;
    name: string;
    prefix: string;
    key_hash: string;
    permission: 'full_access' | 'render_only';
    created_at: string;
  };
  components: {
    id: string;
    user_id: string;
    name: string;
    type: 'header' | 'footer' | 'block';
    html: string;
    preview: string;
    created_at: string;
    updated_at: string;
  };
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
    /** JSON text: the template's default `pdf` options. */
    pdf_options: string;
    header_component_id: string | null;
    footer_component_id: string | null;
    /** The first and last page's own components (migrations 008/010): `*_set` 1 when given, the ID null for none. */
    first_header_component_id: Generated<string | null>;
    first_footer_component_id: Generated<string | null>;
    last_header_component_id: Generated<string | null>;
    last_footer_component_id: Generated<string | null>;
    first_header_set: Generated<number>;
    first_footer_set: Generated<number>;
    last_header_set: Generated<number>;
    last_footer_set: Generated<number>;
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
  renders: {
    id: string;
    user_id: string;
    size_bytes: number;
    filename: string;
    created_at: string;
    expires_at: string;
  };
  /** PostgreSQL only (migrations-postgres/003): limits shared by nodes. */
  rate_buckets: { name: string; key: string; tokens: number; at: number; allowed: boolean };
  login_failures: { id: Generated<number>; name: string; subject: string; at: number };
  scheduled_runs: { name: string; next_at: number };
  render_jobs: {
    id: string;
    user_id: string;
    api_key_id: string | null;
    status: 'queued' | 'running' | 'succeeded' | 'failed';
    /** The RenderRequest as JSON. */
    request: string;
    template_id: string | null;
    /** JSON object, or null. */
    metadata: string | null;
    /** Origin (+ prefix) the signed URL of the result starts with. */
    base_url: string;
    attempts: number;
    /** Fair order across accounts: jobs are claimed lowest turn first (store/render-jobs.ts). */
    turn: number;
    /** ms since epoch; null while queued. */
    lease_until: number | null;
    created_at: string;
    started_at: string | null;
    finished_at: string | null;
    render_id: string | null;
    expires_at: string | null;
    size_bytes: number | null;
    duration_ms: number | null;
    /** JSON {type, code, message}, or null. */
    error: string | null;
    /** Where the job's end is POSTed, or null. */
    webhook_url: string | null;
  };
  webhook_deliveries: {
    id: string;
    user_id: string;
    job_id: string;
    url: string;
    body: string;
    status: 'pending' | 'delivered' | 'failed';
    attempts: number;
    /** ms since epoch. */
    next_at: number;
    lease_until: number | null;
    last_error: string | null;
    created_at: string;
  };
}
