import type { Db, Executor } from '../db/open.js';
import { previewOf } from '../text/html-text.js';
import { newId } from '../ids.js';

export type ComponentType = 'header' | 'footer' | 'block';

export interface Component {
  readonly id: string;
  readonly name: string;
  readonly type: ComponentType;
  readonly html: string;
  readonly preview: string;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface ComponentInput {
  readonly name: string;
  readonly type: ComponentType;
  readonly html?: string | undefined;
  readonly preview?: string | undefined;
}

export type ComponentPatch = Partial<ComponentInput>;

/** Runs on the finished row inside the write transaction, before it is written (quotas). */
export type BeforeWrite<T> = (row: T, trx: Executor) => Promise<void>;

const COLUMNS = ['id', 'name', 'type', 'html', 'preview', 'created_at', 'updated_at'] as const;

/** Components, always scoped by user. Deleting one detaches it from templates via ON DELETE SET NULL. */
export function createComponentStore(db: Db, now: () => number) {
  const { kysely } = db;
  const store = {
    /** IDs only, oldest first: the list route loads each body as it streams it. */
    async ids(userId: string, type?: ComponentType): Promise<string[]> {
      let query = kysely.selectFrom('components').select('id').where('user_id', '=', userId);
      if (type) query = query.where('type', '=', type);
      return (await query.orderBy('id').execute()).map((r) => r.id);
    },
    async get(userId: string, id: string, ex: Executor = kysely): Promise<Component | null> {
      return (
        (await ex
          .selectFrom('components')
          .select(COLUMNS)
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .executeTakeFirst()) ?? null
      );
    },
    /** `beforeWrite` sees the finished row first (quotas); reads and write run in one transaction. */
    async create(userId: string, input: ComponentInput, beforeWrite?: BeforeWrite<Component>): Promise<Component> {
      const t = new Date(now()).toISOString();
      const html = input.html ?? '';
      const c: Component = {
        id: newId('comp'),
        name: input.name,
        type: input.type,
        html,
        preview: input.preview ?? previewOf(html),
        created_at: t,
        updated_at: t,
      };
      await db.write(userId, async (trx) => {
        await beforeWrite?.(c, trx);
        await trx
          .insertInto('components')
          .values({ ...c, user_id: userId })
          .execute();
      });
      return c;
    },
    /** Only the given fields change; a new `html` without `preview` regenerates the preview. */
    async update(
      userId: string,
      id: string,
      patch: ComponentPatch,
      beforeWrite?: BeforeWrite<Component>,
    ): Promise<Component | null> {
      return db.write(userId, async (trx) => {
        const old = await store.get(userId, id, trx);
        if (!old) return null;
        const html = patch.html ?? old.html;
        const preview = patch.preview ?? (patch.html !== undefined ? previewOf(html) : old.preview);
        const next = {
          ...old,
          name: patch.name ?? old.name,
          type: patch.type ?? old.type,
          html,
          preview,
          updated_at: new Date(now()).toISOString(),
        };
        await beforeWrite?.(next, trx);
        await trx
          .updateTable('components')
          .set({
            name: next.name,
            type: next.type,
            html: next.html,
            preview: next.preview,
            updated_at: next.updated_at,
          })
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .execute();
        return next;
      });
    },
    async delete(userId: string, id: string): Promise<boolean> {
      const result = await kysely
        .deleteFrom('components')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
  return store;
}
export type ComponentStore = ReturnType<typeof createComponentStore>;
