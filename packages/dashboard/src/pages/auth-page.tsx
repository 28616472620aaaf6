/** Sign-up and log-in share one form; the URL picks which (DECISIONS.md "Authentication"). */
import { useState } from 'preact/hooks';
import { api, errorText } from '../api.js';
import type { User } from '../types.js';
import { useFocusHeading, useTitle } from '../ui/hooks.js';

export function AuthPage(props: { mode: 'signup' | 'login'; onSignedIn: (u: User) => void }) {
  const signup = props.mode === 'signup';
  useTitle(signup ? 'Sign up' : 'Log in');
  const h1 = useFocusHeading();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { user } = signup ? await api.signup(email, password) : await api.login(email, password);
      props.onSignedIn(user);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" class="auth">
      <form class="card" onSubmit={submit} aria-describedby={error ? 'auth-error' : undefined}>
        <p class="brand">Platen</p>
        <h1 ref={h1} tabIndex={-1}>
          {signup ? 'Create your account' : 'Log in'}
        </h1>
        <label class="field">
          <span>Email</span>
          <input
            type="email"
            name="email"
            autocomplete="email"
            required
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
        </label>
        <label class="field">
          <span>Password</span>
          <input
            type="password"
            name="password"
            required
            minLength={signup ? 8 : undefined}
            autocomplete={signup ? 'new-password' : 'current-password'}
            value={password}
            aria-describedby={signup ? 'password-hint' : undefined}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        {signup && (
          <p id="password-hint" class="hint">
            At least 8 characters.
          </p>
        )}
        {error && (
          <p id="auth-error" class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {signup ? 'Sign up' : 'Log in'}
        </button>
        <p class="switch">
          {signup ? (
            <>
              Already have an account? <a href="/login">Log in</a>
            </>
          ) : (
            <>
              New to Platen? <a href="/signup">Create an account</a>
            </>
          )}
        </p>
      </form>
    </main>
  );
}
