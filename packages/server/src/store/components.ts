import type { Db } from '../db/open.js';
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

interface ComponentRow extends Component {
  readonly user_id: string;
}

const rowToComponent = (r: ComponentRow): Component => ({
  id: r.id,
  name: r.name,
  type: r.type,
  html: r.html,
  preview: r.preview,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** Components, always scoped by user. Deleting one detaches it from templates via ON DELETE SET NULL. */
export function createComponentStore(db: Db, now: () => number) {
  const listAll = db.prepare<[string], { id: string }>('SELECT id FROM components WHERE user_id = ? ORDER BY id').pluck();
  const listType = db.prepare<[string, string], { id: string }>('SELECT id FROM components WHERE user_id = ? AND type = ? ORDER BY id').pluck();
  const byId = db.prepare<[string, string], ComponentRow>('SELECT * FROM components WHERE user_id = ? AND id = ?');
  const insert = db.prepare(
    'INSERT INTO components (id, user_id, name, type, html, preview, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const update = db.prepare('UPDATE components SET name = ?, type = ?, html = ?, preview = ?, updated_at = ? WHERE user_id = ? AND id = ?');
  const remove = db.prepare('DELETE FROM components WHERE user_id = ? AND id = ?');
  const store = {
    /** IDs only, oldest first: the list route loads each body as it streams it. */
    ids(userId: string, type?: ComponentType): string[] {
      return (type ? listType.all(userId, type) : listAll.all(userId)) as unknown as string[];
    },
    get(userId: string, id: string): Component | null {
      const row = byId.get(userId, id);
      return row ? rowToComponent(row) : null;
    },
    /** `beforeWrite` sees the finished row first (quotas); reads and write run in one transaction. */
    create(userId: string, input: ComponentInput, beforeWrite?: (row: Component) => void): Component {
      const t = new Date(now()).toISOString();
      const html = input.html ?? '';
      const c: Component = { id: newId('comp'), name: input.name, type: input.type, html, preview: input.preview ?? previewOf(html), created_at: t, updated_at: t };
      db.transaction(() => {
        beforeWrite?.(c);
        insert.run(c.id, userId, c.name, c.type, c.html, c.preview, t, t);
      }).immediate();
      return c;
    },
    /** Only the given fields change; a new `html` without `preview` regenerates the preview. */
    update(userId: string, id: string, patch: ComponentPatch, beforeWrite?: (row: Component) => void): Component | null {
      const old = store.get(userId, id);
      if (!old) return null;
      const html = patch.html ?? old.html;
      const preview = patch.preview ?? (patch.html !== undefined ? previewOf(html) : old.preview);
      const next = { ...old, name: patch.name ?? old.name, type: patch.type ?? old.type, html, preview, updated_at: new Date(now()).toISOString() };
      db.transaction(() => {
        beforeWrite?.(next);
        update.run(next.name, next.type, next.html, next.preview, next.updated_at, userId, id);
      }).immediate();
      return next;
    },
    delete(userId: string, id: string): boolean {
      return remove.run(userId, id).changes > 0;
    },
  };
  return store;
}
export type ComponentStore = ReturnType<typeof createComponentStore>;
