/** The account: who is signed in, and deletion behind a typed confirmation. */
import { useState } from 'preact/hooks';
import { ApiError, api } from '../api.js';
import type { User } from '../types.js';
import { confirmAction } from '../ui/confirm.js';
import { formatDate } from '../ui/format.js';
import { useFocusHeading, useTitle } from '../ui/hooks.js';

export function AccountPage(props: { user: User; onDeleted: () => void }) {
  useTitle('Account');
  const h1 = useFocusHeading();
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    const ok = await confirmAction({
      title: 'Delete your account?',
      message: 'Your templates, components, API keys, logs and stored renders are deleted permanently. This cannot be undone.',
      confirmLabel: 'Delete my account', requireText: props.user.email, danger: true,
    });
    if (!ok) return;
    try {
      await api.deleteAccount();
      props.onDeleted();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  };

  return (
    <section class="page">
      <h1 ref={h1} tabIndex={-1}>Account</h1>
      <dl class="account">
        <div><dt>Email</dt><dd>{props.user.email}</dd></div>
        <div><dt>Member since</dt><dd>{formatDate(props.user.created_at)}</dd></div>
      </dl>
      <section class="danger-zone" aria-labelledby="danger-title">
        <h2 id="danger-title">Delete account</h2>
        <p>Deletes the account and everything in it. API keys stop working at once.</p>
        <button type="button" class="danger" onClick={remove}>Delete account…</button>
        {error && <p class="error" role="alert">{error}</p>}
      </section>
    </section>
  );
}
