import type { Db } from '../db/open.js';
import { htmlToText } from '../text/html-text.js';
import { newId } from '../ids.js';

export interface Template {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly html: string;
  readonly plain_text: string;
  readonly pdf_format: Record<string, unknown>;
  readonly sample_data: Record<string, unknown>;
  readonly header_component_id: string | null;
  readonly footer_component_id: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface TemplateInput {
  readonly name: string;
  readonly html?: string | undefined;
  readonly plain_text?: string | undefined;
  readonly pdf_format?: Record<string, unknown> | undefined;
  readonly sample_data?: Record<string, unknown> | undefined;
  readonly header_component_id?: string | null | undefined;
  readonly footer_component_id?: string | null | undefined;
}

export type TemplatePatch = Partial<TemplateInput>;

interface TemplateRow extends Omit<Template, 'pdf_format' | 'sample_data'> {
  readonly user_id: string;
  readonly pdf_format: string;
  readonly sample_data: string;
}

const rowToTemplate = (r: TemplateRow): Template => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  html: r.html,
  plain_text: r.plain_text,
  pdf_format: JSON.parse(r.pdf_format) as Record<string, unknown>,
  sample_data: JSON.parse(r.sample_data) as Record<string, unknown>,
  header_component_id: r.header_component_id,
  footer_component_id: r.footer_component_id,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/**
 * DECISIONS.md "Slugs": NFKD with combining marks dropped, lower-case a-z0-9,
 * other runs become one '-', no '-' at either end, empty → 'template'.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'template' : slug;
}

/** Templates, scoped by user; `{id}` may be the ID or the slug. */
export function createTemplateStore(db: Db, now: () => number) {
  const listIds = db.prepare<[string], { id: string }>('SELECT id FROM templates WHERE user_id = ? ORDER BY id').pluck();
  const countAll = db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM templates WHERE user_id = ?');
  const byRef = db.prepare<[string, string, string], TemplateRow>('SELECT * FROM templates WHERE user_id = ? AND (id = ? OR slug = ?)');
  const slugTaken = db.prepare<[string, string], { one: number }>('SELECT 1 AS one FROM templates WHERE user_id = ? AND slug = ?');
  const insert = db.prepare(`INSERT INTO templates (id, user_id, name, slug, html, plain_text, pdf_format, sample_data,
    header_component_id, footer_component_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const update = db.prepare(`UPDATE templates SET name = ?, html = ?, plain_text = ?, pdf_format = ?, sample_data = ?,
    header_component_id = ?, footer_component_id = ?, updated_at = ? WHERE user_id = ? AND id = ?`);
  const remove = db.prepare('DELETE FROM templates WHERE user_id = ? AND id = ?');
  const byChrome = db.prepare<[string, string, string], Pick<TemplateRow, 'id' | 'name' | 'header_component_id' | 'footer_component_id'>>(
    'SELECT id, name, header_component_id, footer_component_id FROM templates WHERE user_id = ? AND (header_component_id = ? OR footer_component_id = ?) ORDER BY id');

  /** The first free of `base`, `base-2`, `base-3`, … for this user. */
  function uniqueSlug(userId: string, base: string): string {
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!slugTaken.get(userId, candidate)) return candidate;
    }
  }

  /** Runs on the finished row inside the write transaction, before it is written (quotas). */
  type BeforeWrite = (row: Template) => void;

  const create = db.transaction((userId: string, input: TemplateInput, beforeWrite?: BeforeWrite): Template => {
    const t = new Date(now()).toISOString();
    const html = input.html ?? '';
    const tmpl: Template = {
      id: newId('tmpl'),
      name: input.name,
      slug: uniqueSlug(userId, slugify(input.name)),
      html,
      plain_text: input.plain_text ?? htmlToText(html),
      pdf_format: input.pdf_format ?? {},
      sample_data: input.sample_data ?? {},
      header_component_id: input.header_component_id ?? null,
      footer_component_id: input.footer_component_id ?? null,
      created_at: t,
      updated_at: t,
    };
    beforeWrite?.(tmpl);
    insert.run(tmpl.id, userId, tmpl.name, tmpl.slug, tmpl.html, tmpl.plain_text, JSON.stringify(tmpl.pdf_format),
      JSON.stringify(tmpl.sample_data), tmpl.header_component_id, tmpl.footer_component_id, t, t);
    return tmpl;
  });

  const store = {
    /** IDs only, oldest first: the list route loads each body as it streams it. */
    ids(userId: string): string[] {
      return listIds.all(userId) as unknown as string[];
    },
    count(userId: string): number {
      return countAll.get(userId)?.n ?? 0;
    },
    get(userId: string, ref: string): Template | null {
      const row = byRef.get(userId, ref, ref);
      return row ? rowToTemplate(row) : null;
    },
    create(userId: string, input: TemplateInput, beforeWrite?: BeforeWrite): Template {
      // IMMEDIATE: the slug is read, then the row written; a deferred transaction whose
      // snapshot went stale while another writer held the lock fails with SQLITE_BUSY at
      // once, whatever busy_timeout says. Taking the write lock first makes it wait instead.
      return create.immediate(userId, input, beforeWrite);
    },
    /** Only given fields change; the slug never does. New `html` without `plain_text` regenerates the text. */
    update(userId: string, ref: string, patch: TemplatePatch, beforeWrite?: BeforeWrite): Template | null {
      const old = store.get(userId, ref);
      if (!old) return null;
      const pick = <K extends keyof TemplatePatch>(k: K, fallback: Template[K & keyof Template]) =>
        (patch[k] === undefined ? fallback : patch[k]) as Template[K & keyof Template];
      const html = pick('html', old.html);
      const next: Template = {
        ...old,
        name: pick('name', old.name),
        html,
        plain_text: patch.plain_text ?? (patch.html !== undefined ? htmlToText(html) : old.plain_text),
        pdf_format: pick('pdf_format', old.pdf_format),
        sample_data: pick('sample_data', old.sample_data),
        header_component_id: pick('header_component_id', old.header_component_id),
        footer_component_id: pick('footer_component_id', old.footer_component_id),
        updated_at: new Date(now()).toISOString(),
      };
      db.transaction(() => {
        beforeWrite?.(next);
        update.run(next.name, next.html, next.plain_text, JSON.stringify(next.pdf_format), JSON.stringify(next.sample_data),
          next.header_component_id, next.footer_component_id, next.updated_at, userId, old.id);
      }).immediate();
      return next;
    },
    delete(userId: string, ref: string): boolean {
      const old = store.get(userId, ref);
      return old ? remove.run(userId, old.id).changes > 0 : false;
    },
    /** DECISIONS.md: name + " (copy)", a new slug, every other field copied. */
    duplicate(userId: string, ref: string, beforeWrite?: BeforeWrite): Template | null {
      const old = store.get(userId, ref);
      if (!old) return null;
      return create.immediate(userId, { ...old, name: `${old.name} (copy)` }, beforeWrite);
    },
    /** The user's templates that use a component as their header or footer, and in which role. */
    usingAsChrome(userId: string, componentId: string): { id: string; name: string; role: 'header' | 'footer' }[] {
      return byChrome.all(userId, componentId, componentId).flatMap((t) => [
        ...(t.header_component_id === componentId ? [{ id: t.id, name: t.name, role: 'header' as const }] : []),
        ...(t.footer_component_id === componentId ? [{ id: t.id, name: t.name, role: 'footer' as const }] : []),
      ]);
    },
  };
  return store;
}
export type TemplateStore = ReturnType<typeof createTemplateStore>;
