import { sql, type Selectable } from 'kysely';
import type { Db, Executor } from '../db/open.js';
import type { Tables } from '../db/schema.js';
import type { BeforeWrite } from './components.js';
import { htmlToText } from '../text/html-text.js';
import { newId } from '../ids.js';

/** The first or last page's own header/footer: a key left out keeps the every-page component, null prints none. */
export interface PageComponentIds {
  readonly header_component_id?: string | null;
  readonly footer_component_id?: string | null;
}

export interface Template {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly html: string;
  readonly plain_text: string;
  readonly pdf_format: Record<string, unknown>;
  readonly pdf_options: Record<string, unknown>;
  readonly sample_data: Record<string, unknown>;
  readonly header_component_id: string | null;
  readonly footer_component_id: string | null;
  readonly first_page: PageComponentIds;
  readonly last_page: PageComponentIds;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface TemplateInput {
  readonly name: string;
  readonly html?: string | undefined;
  readonly plain_text?: string | undefined;
  readonly pdf_format?: Record<string, unknown> | undefined;
  readonly pdf_options?: Record<string, unknown> | undefined;
  readonly sample_data?: Record<string, unknown> | undefined;
  readonly header_component_id?: string | null | undefined;
  readonly footer_component_id?: string | null | undefined;
  readonly first_page?: PageComponentIds | undefined;
  readonly last_page?: PageComponentIds | undefined;
}

export type TemplatePatch = Partial<TemplateInput>;

type TemplateRow = Tables['templates'];
type StoredRow = Selectable<TemplateRow>;

const PAGES = [
  ['first', 'first_page'],
  ['last', 'last_page'],
] as const;
const SLOTS = ['header', 'footer'] as const;

/** A page's own components from their columns: `*_set` says the template gives one, the ID null means none. */
function pageFromRow(r: StoredRow, page: 'first' | 'last'): PageComponentIds {
  const out: { header_component_id?: string | null; footer_component_id?: string | null } = {};
  for (const slot of SLOTS)
    if (Number(r[`${page}_${slot}_set`]) === 1) out[`${slot}_component_id`] = r[`${page}_${slot}_component_id`] ?? null;
  return out;
}

/** The columns of a page's own components. */
function pageColumns(t: Template) {
  const columns: Record<string, string | number | null> = {};
  for (const [page, field] of PAGES) {
    for (const slot of SLOTS) {
      const id = t[field][`${slot}_component_id`];
      columns[`${page}_${slot}_component_id`] = id ?? null;
      columns[`${page}_${slot}_set`] = id === undefined ? 0 : 1;
    }
  }
  return columns as Pick<StoredRow, `${'first' | 'last'}_${'header' | 'footer'}_${'component_id' | 'set'}`>;
}

const rowToTemplate = (r: StoredRow): Template => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  html: r.html,
  plain_text: r.plain_text,
  pdf_format: JSON.parse(r.pdf_format) as Record<string, unknown>,
  pdf_options: JSON.parse(r.pdf_options) as Record<string, unknown>,
  sample_data: JSON.parse(r.sample_data) as Record<string, unknown>,
  header_component_id: r.header_component_id,
  footer_component_id: r.footer_component_id,
  first_page: pageFromRow(r, 'first'),
  last_page: pageFromRow(r, 'last'),
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** The row's stored form (JSON columns as text), without its owner. */
const storedFields = (t: Template) => ({
  name: t.name,
  html: t.html,
  plain_text: t.plain_text,
  pdf_format: JSON.stringify(t.pdf_format),
  pdf_options: JSON.stringify(t.pdf_options),
  sample_data: JSON.stringify(t.sample_data),
  header_component_id: t.header_component_id,
  footer_component_id: t.footer_component_id,
  ...pageColumns(t),
  updated_at: t.updated_at,
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
  const { kysely } = db;

  /** The first free of `base`, `base-2`, `base-3`, … for this user. */
  async function uniqueSlug(trx: Executor, userId: string, base: string): Promise<string> {
    const taken = new Set(
      (
        await trx
          .selectFrom('templates')
          .select('slug')
          .where('user_id', '=', userId)
          .where('slug', 'like', `${base}%`)
          .execute()
      ).map((r) => r.slug),
    );
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!taken.has(candidate)) return candidate;
    }
  }

  /** Inside db.write: the slug is read, then the row written, with the account's writes serialised. */
  function create(userId: string, input: TemplateInput, beforeWrite?: BeforeWrite<Template>): Promise<Template> {
    return db.write(userId, async (trx) => {
      const t = new Date(now()).toISOString();
      const html = input.html ?? '';
      const tmpl: Template = {
        id: newId('tmpl'),
        name: input.name,
        slug: await uniqueSlug(trx, userId, slugify(input.name)),
        html,
        plain_text: input.plain_text ?? htmlToText(html),
        pdf_format: input.pdf_format ?? {},
        pdf_options: input.pdf_options ?? {},
        sample_data: input.sample_data ?? {},
        header_component_id: input.header_component_id ?? null,
        footer_component_id: input.footer_component_id ?? null,
        first_page: input.first_page ?? {},
        last_page: input.last_page ?? {},
        created_at: t,
        updated_at: t,
      };
      await beforeWrite?.(tmpl, trx);
      await trx
        .insertInto('templates')
        .values({ ...storedFields(tmpl), id: tmpl.id, user_id: userId, slug: tmpl.slug, created_at: t })
        .execute();
      return tmpl;
    });
  }

  const store = {
    /** IDs only, oldest first: the list route loads each body as it streams it. */
    async ids(userId: string): Promise<string[]> {
      return (
        await kysely.selectFrom('templates').select('id').where('user_id', '=', userId).orderBy('id').execute()
      ).map((r) => r.id);
    },
    async count(userId: string): Promise<number> {
      const row = await kysely
        .selectFrom('templates')
        .select(sql<number>`COUNT(*)`.as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async get(userId: string, ref: string, ex: Executor = kysely): Promise<Template | null> {
      const row = await ex
        .selectFrom('templates')
        .selectAll()
        .where('user_id', '=', userId)
        .where((w) => w.or([w('id', '=', ref), w('slug', '=', ref)]))
        .executeTakeFirst();
      return row ? rowToTemplate(row) : null;
    },
    create,
    /** Only given fields change; the slug never does. New `html` without `plain_text` regenerates the text. */
    async update(
      userId: string,
      ref: string,
      patch: TemplatePatch,
      beforeWrite?: BeforeWrite<Template>,
    ): Promise<Template | null> {
      return db.write(userId, async (trx) => {
        const old = await store.get(userId, ref, trx);
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
          pdf_options: pick('pdf_options', old.pdf_options),
          sample_data: pick('sample_data', old.sample_data),
          header_component_id: pick('header_component_id', old.header_component_id),
          footer_component_id: pick('footer_component_id', old.footer_component_id),
          first_page: pick('first_page', old.first_page),
          last_page: pick('last_page', old.last_page),
          updated_at: new Date(now()).toISOString(),
        };
        await beforeWrite?.(next, trx);
        await trx
          .updateTable('templates')
          .set(storedFields(next))
          .where('user_id', '=', userId)
          .where('id', '=', old.id)
          .execute();
        return next;
      });
    },
    async delete(userId: string, ref: string): Promise<boolean> {
      const result = await kysely
        .deleteFrom('templates')
        .where('user_id', '=', userId)
        .where((w) => w.or([w('id', '=', ref), w('slug', '=', ref)]))
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    /** DECISIONS.md: name + " (copy)", a new slug, every other field copied. */
    async duplicate(userId: string, ref: string, beforeWrite?: BeforeWrite<Template>): Promise<Template | null> {
      const old = await store.get(userId, ref);
      if (!old) return null;
      return create(userId, { ...old, name: `${old.name} (copy)` }, beforeWrite);
    },
    /** The user's templates that use a component as their header or footer (on every page, or the first or last), and in which role. */
    async usingAsChrome(
      userId: string,
      componentId: string,
    ): Promise<{ id: string; name: string; role: 'header' | 'footer' }[]> {
      const columns = [
        'header_component_id',
        'footer_component_id',
        'first_header_component_id',
        'first_footer_component_id',
        'last_header_component_id',
        'last_footer_component_id',
      ] as const;
      const rows = await kysely
        .selectFrom('templates')
        .select(['id', 'name', ...columns])
        .where('user_id', '=', userId)
        .where((w) => w.or(columns.map((c) => w(c, '=', componentId))))
        .orderBy('id')
        .execute();
      return rows.flatMap((t) =>
        SLOTS.filter((role) => columns.some((c) => c.endsWith(`${role}_component_id`) && t[c] === componentId)).map(
          (role) => ({ id: t.id, name: t.name, role }),
        ),
      );
    },
  };
  return store;
}
export type TemplateStore = ReturnType<typeof createTemplateStore>;
