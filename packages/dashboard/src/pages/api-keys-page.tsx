/** API keys: create (the full key is shown once, with a copy button), list, revoke. */
import { useRef, useState } from 'preact/hooks';
import { api, errorText } from '../api.js';
import type { ApiKey, CreatedApiKey, Permission } from '../types.js';
import { confirmAction } from '../ui/confirm.js';
import { formatDate } from '../ui/format.js';
import { useAction, useAsync, useFocusHeading, useTitle } from '../ui/hooks.js';
import { SelectField } from '../ui/select-field.js';

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API needs a secure context; plain-http installs fall back to a selection copy.
    input?.select();
    return document.execCommand('copy');
  }
}

function NewKey(props: { created: CreatedApiKey; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<string>('');
  return (
    <div class="new-key" role="region" aria-labelledby="new-key-title">
      <h2 id="new-key-title">Your new key “{props.created.name}”</h2>
      <p>Copy it now: it is shown only once and cannot be recovered.</p>
      <div class="key-row">
        <label class="field grow">
          <span>API key</span>
          <input
            ref={input}
            readOnly
            value={props.created.key}
            class="mono"
            onFocus={(e) => e.currentTarget.select()}
          />
        </label>
        <button
          type="button"
          onClick={async () =>
            setCopied(
              (await copyText(props.created.key, input.current))
                ? 'Copied to the clipboard.'
                : 'Copy failed; select the key and copy it.',
            )
          }
        >
          Copy
        </button>
        <button type="button" class="secondary" onClick={props.onDone}>
          Done
        </button>
      </div>
      <p role="status" class="hint">
        {copied}
      </p>
    </div>
  );
}

export function ApiKeysPage() {
  useTitle('API keys');
  const h1 = useFocusHeading();
  const list = useAsync(() => api.listApiKeys(), []);
  const action = useAction();
  const [name, setName] = useState('');
  const [permission, setPermission] = useState<Permission>('full_access');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [error, setError] = useState<string | null>(null);

  const create = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      setCreated(await api.createApiKey(name.trim(), permission));
      setName('');
      list.reload();
    } catch (err) {
      setError(errorText(err));
    }
  };
  const revoke = async (k: ApiKey) => {
    const ok = await confirmAction({
      title: 'Revoke key?',
      message: `“${k.name}” (${k.prefix}…) stops working at once.`,
      confirmLabel: 'Revoke key',
      danger: true,
    });
    if (!ok) return;
    await api.revokeApiKey(k.id);
    list.reload();
  };

  return (
    <section class="page">
      <h1 ref={h1} tabIndex={-1}>
        API keys
      </h1>
      <p class="hint">
        Send a key as <code>Authorization: Bearer &lt;key&gt;</code> to <code>POST /api/v1/render</code> and the other
        API endpoints.
      </p>
      {created && <NewKey created={created} onDone={() => setCreated(null)} />}
      <form class="inline-form" onSubmit={create}>
        <h2>Create a key</h2>
        <label class="field">
          <span>Key name</span>
          <input
            required
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
            placeholder="Production server"
          />
        </label>
        <SelectField label="Permission" value={permission} onChange={(v) => setPermission(v as Permission)}>
          <option value="full_access">Full access</option>
          <option value="render_only">Render only</option>
        </SelectField>
        <button type="submit">Create key</button>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {action.error && (
        <p class="error" role="alert">
          {action.error}
        </p>
      )}
      {list.data && list.data.length === 0 && <p class="empty">No keys yet.</p>}
      {list.data && list.data.length > 0 && (
        <table class="list">
          <caption class="visually-hidden">Your API keys</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col">Permission</th>
              <th scope="col">Created</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((k) => (
              <tr key={k.id}>
                <th scope="row">{k.name}</th>
                <td>
                  <code>{k.prefix}…</code>
                </td>
                <td>{k.permission === 'full_access' ? 'Full access' : 'Render only'}</td>
                <td>{formatDate(k.created_at)}</td>
                <td class="row-actions">
                  <button
                    type="button"
                    class="secondary small danger-text"
                    onClick={action.run(() => revoke(k))}
                    aria-label={`Revoke ${k.name}`}
                  >
                    Revoke
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
