/**
 * When the session ends while the user works (expiry, logout in another tab),
 * the page stays as it is and this dialog asks for the password again, so an
 * unsaved template survives. Logging in as someone else starts afresh.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, sessionEvents, errorText } from '../api.js';
import type { User } from '../types.js';

export function SessionDialog(props: { user: User; onResumed: () => void; onSwitched: (u: User) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    ref.current?.showModal();
  }, []);

  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      const { user } = await api.login(props.user.email, password);
      if (user.id === props.user.id) {
        props.onResumed();
        sessionEvents.dispatchEvent(new Event('resumed'));
      } else props.onSwitched(user);
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    // Escape must not dismiss it: behind it every request would fail.
    <dialog ref={ref} class="confirm" aria-labelledby="session-title" onCancel={(e) => e.preventDefault()}>
      <form onSubmit={submit}>
        <h2 id="session-title">Your session has ended</h2>
        <p>Log in again to carry on; nothing on this page is lost.</p>
        <label class="field">
          <span>Password for {props.user.email}</span>
          <input
            type="password"
            required
            autocomplete="current-password"
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <div class="actions">
          <a
            href="/login"
            onClick={(e) => {
              e.preventDefault();
              location.assign('/login');
            }}
          >
            Use another account
          </a>
          <button type="submit">Log in</button>
        </div>
      </form>
    </dialog>
  );
}
