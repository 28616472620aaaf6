/**
 * The account: who is signed in, changing the password (which ends every other session),
 * logging out everywhere (a stolen session cookie stops working), the secret that signs
 * webhooks of async renders (shown on request, rotated behind a confirmation), and deletion
 * behind a typed confirmation.
 */
import { useState } from 'preact/hooks';
import { api, errorText } from '../api.js';
import type { User } from '../types.js';
import { confirmAction } from '../ui/confirm.js';
import { formatDate } from '../ui/format.js';
import { useFocusHeading, useTitle } from '../ui/hooks.js';

function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');

  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setNotice('');
    if (next !== repeat) {
      setError('The new passwords do not match.');
      return;
    }
    setBusy(true);
    try {
      const { other_sessions_ended: ended } = await api.changePassword(current, next);
      setCurrent('');
      setNext('');
      setRepeat('');
      setNotice(
        `Password changed. ${ended === 1 ? '1 other session was' : `${ended} other sessions were`} logged out.`,
      );
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="account-section" aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      <form onSubmit={submit} aria-describedby={error ? 'password-error' : undefined}>
        <label class="field">
          <span>Current password</span>
          <input
            type="password"
            autocomplete="current-password"
            required
            value={current}
            onInput={(e) => setCurrent(e.currentTarget.value)}
          />
        </label>
        <label class="field">
          <span>New password</span>
          <input
            type="password"
            autocomplete="new-password"
            required
            minLength={8}
            aria-describedby="new-password-hint"
            value={next}
            onInput={(e) => setNext(e.currentTarget.value)}
          />
        </label>
        <label class="field">
          <span>Repeat new password</span>
          <input
            type="password"
            autocomplete="new-password"
            required
            minLength={8}
            value={repeat}
            onInput={(e) => setRepeat(e.currentTarget.value)}
          />
        </label>
        <p id="new-password-hint" class="hint">
          At least 8 characters. Your other sessions are logged out; this one stays.
        </p>
        {error && (
          <p id="password-error" class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          Change password
        </button>
        <p role="status" class="hint">
          {notice}
        </p>
      </form>
    </section>
  );
}

/** DECISIONS.md "Async renders and webhooks": the account's signing secret, shown in settings. */
function WebhookSecret() {
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const attempt = async (load: () => Promise<{ secret: string }>) => {
    setError(null);
    try {
      setSecret((await load()).secret);
    } catch (err) {
      setError(errorText(err));
    }
  };
  const rotate = async () => {
    const ok = await confirmAction({
      title: 'Rotate the webhook secret?',
      message:
        'Webhooks are signed with the new secret from now on; receivers that check the old one reject them until they are updated.',
      confirmLabel: 'Rotate secret',
    });
    if (ok) await attempt(api.rotateWebhookSecret);
  };

  return (
    <section class="account-section" aria-labelledby="webhook-title">
      <h2 id="webhook-title">Webhook signing secret</h2>
      <p>
        Webhooks of async renders carry a <code>webhook-signature</code> header made with this secret (Standard
        Webhooks).
      </p>
      {secret === null ? (
        <button type="button" class="secondary" onClick={() => attempt(api.webhookSecret)}>
          Show secret
        </button>
      ) : (
        <p>
          <code aria-label="Webhook secret">{secret}</code>
        </p>
      )}
      <button type="button" class="secondary" onClick={rotate}>
        Rotate secret…
      </button>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

export function AccountPage(props: { user: User; onDeleted: () => void; onLoggedOutEverywhere: () => void }) {
  useTitle('Account');
  const h1 = useFocusHeading();
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    const ok = await confirmAction({
      title: 'Delete your account?',
      message:
        'Your templates, components, API keys, logs and stored renders are deleted permanently. This cannot be undone.',
      confirmLabel: 'Delete my account',
      requireText: props.user.email,
      danger: true,
    });
    if (!ok) return;
    try {
      await api.deleteAccount();
      props.onDeleted();
    } catch (err) {
      setError(errorText(err));
    }
  };

  const [sessionError, setSessionError] = useState<string | null>(null);
  const logoutEverywhere = async () => {
    const ok = await confirmAction({
      title: 'Log out everywhere?',
      message:
        'Every session of this account ends, this one included: every browser must log in again. API keys keep working.',
      confirmLabel: 'Log out everywhere',
    });
    if (!ok) return;
    try {
      await api.logoutEverywhere();
      props.onLoggedOutEverywhere();
    } catch (err) {
      setSessionError(errorText(err));
    }
  };

  return (
    <section class="page">
      <h1 ref={h1} tabIndex={-1}>
        Account
      </h1>
      <dl class="account">
        <div>
          <dt>Email</dt>
          <dd>{props.user.email}</dd>
        </div>
        <div>
          <dt>Member since</dt>
          <dd>{formatDate(props.user.created_at)}</dd>
        </div>
      </dl>
      <PasswordForm />
      <section class="account-section" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Sessions</h2>
        <p>Lost a device, or logged in on a shared computer? End every session of this account.</p>
        <button type="button" class="secondary" onClick={logoutEverywhere}>
          Log out everywhere…
        </button>
        {sessionError && (
          <p class="error" role="alert">
            {sessionError}
          </p>
        )}
      </section>
      <WebhookSecret />
      <section class="danger-zone" aria-labelledby="danger-title">
        <h2 id="danger-title">Delete account</h2>
        <p>Deletes the account and everything in it. API keys stop working at once.</p>
        <button type="button" class="danger" onClick={remove}>
          Delete account…
        </button>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
      </section>
    </section>
  );
}
