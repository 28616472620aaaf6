/** The home page: every template, with new, duplicate and delete. */
import { api } from '../api.js';
import { navigate } from '../router.js';
import type { Template } from '../types.js';
import { confirmAction } from '../ui/confirm.js';
import { formatDate } from '../ui/format.js';
import { useAction, useAsync, useFocusHeading, useTitle } from '../ui/hooks.js';

export function TemplatesPage() {
  useTitle('Templates');
  const h1 = useFocusHeading();
  const list = useAsync(() => api.listTemplates(), []);
  const action = useAction();

  const duplicate = async (t: Template) => {
    await api.duplicateTemplate(t.id);
    list.reload();
  };
  const remove = async (t: Template) => {
    const ok = await confirmAction({
      title: 'Delete template?',
      message: `“${t.name}” will be deleted permanently. Logs that name it stay.`,
      confirmLabel: 'Delete template',
      danger: true,
    });
    if (!ok) return;
    await api.deleteTemplate(t.id);
    list.reload();
  };

  return (
    <section class="page">
      <div class="page-head">
        <h1 ref={h1} tabIndex={-1}>
          Templates
        </h1>
        <button type="button" onClick={() => navigate('/templates/new')}>
          New template
        </button>
      </div>
      {list.error && (
        <p class="error" role="alert">
          {list.error.message}
        </p>
      )}
      {action.error && (
        <p class="error" role="alert">
          {action.error}
        </p>
      )}
      {list.loading && !list.data && <p role="status">Loading…</p>}
      {list.data && list.data.length === 0 && (
        <div class="empty">
          <p>
            No templates yet. A template is HTML with <code>{'{{variables}}'}</code>; the API fills them and returns a
            PDF.
          </p>
        </div>
      )}
      {list.data && list.data.length > 0 && (
        <table class="list">
          <caption class="visually-hidden">Your templates</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Slug</th>
              <th scope="col">Updated</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((t) => (
              <tr key={t.id}>
                <th scope="row">
                  <a href={`/templates/${t.id}`}>{t.name}</a>
                </th>
                <td>
                  <code>{t.slug}</code>
                </td>
                <td>{formatDate(t.updated_at)}</td>
                <td class="row-actions">
                  <button
                    type="button"
                    class="secondary small"
                    onClick={action.run(() => duplicate(t))}
                    aria-label={`Duplicate ${t.name}`}
                  >
                    Duplicate
                  </button>
                  <button
                    type="button"
                    class="secondary small danger-text"
                    onClick={action.run(() => remove(t))}
                    aria-label={`Delete ${t.name}`}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
