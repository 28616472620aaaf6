/** Headers, footers and blocks (SPEC.md "Component"), filterable by type. */
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import { navigate } from '../router.js';
import type { Component, ComponentType } from '../types.js';
import { confirmAction } from '../ui/confirm.js';
import { formatDate } from '../ui/format.js';
import { useAction, useAsync, useFocusHeading, useTitle } from '../ui/hooks.js';
import { SelectField } from '../ui/select-field.js';

export function ComponentsPage() {
  useTitle('Components');
  const h1 = useFocusHeading();
  const [type, setType] = useState<ComponentType | ''>('');
  const list = useAsync(() => api.listComponents(type || undefined), [type]);
  const action = useAction();

  const remove = async (c: Component) => {
    const ok = await confirmAction({
      title: 'Delete component?',
      message: `“${c.name}” will be deleted permanently; templates that use it will no longer show it.`,
      confirmLabel: 'Delete component',
      danger: true,
    });
    if (!ok) return;
    await api.deleteComponent(c.id);
    list.reload();
  };

  return (
    <section class="page">
      <div class="page-head">
        <h1 ref={h1} tabIndex={-1}>
          Components
        </h1>
        <button type="button" onClick={() => navigate('/components/new')}>
          New component
        </button>
      </div>
      <p class="hint">
        Headers and footers repeat on every page of the templates that pick them. Blocks are placed in a template with{' '}
        <code>{'<svc-block id="comp_…"></svc-block>'}</code>.
      </p>
      <SelectField inline label="Type" value={type} onChange={(v) => setType(v as ComponentType | '')}>
        <option value="">All</option>
        <option value="header">Headers</option>
        <option value="footer">Footers</option>
        <option value="block">Blocks</option>
      </SelectField>
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
      {list.data && list.data.length === 0 && <p class="empty">No components{type ? ` of type ${type}` : ''} yet.</p>}
      {list.data && list.data.length > 0 && (
        <table class="list">
          <caption class="visually-hidden">Your components</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Preview</th>
              <th scope="col">Updated</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((c) => (
              <tr key={c.id}>
                <th scope="row">
                  <a href={`/components/${c.id}`}>{c.name}</a>
                </th>
                <td>
                  <span class={`tag ${c.type}`}>{c.type}</span>
                </td>
                <td class="preview-text">{c.preview}</td>
                <td>{formatDate(c.updated_at)}</td>
                <td class="row-actions">
                  <button
                    type="button"
                    class="secondary small danger-text"
                    onClick={action.run(() => remove(c))}
                    aria-label={`Delete ${c.name}`}
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
