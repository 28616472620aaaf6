/** Where account deletion ends: a confirmation of what was deleted, then the way back in. */
import { useFocusHeading, useTitle } from '../ui/hooks.js';

export function AccountDeletedPage() {
  useTitle('Account deleted');
  const h1 = useFocusHeading();
  return (
    <main id="main" class="auth">
      <section class="card" aria-labelledby="deleted-title">
        <p class="brand">Platen</p>
        <h1 id="deleted-title" ref={h1} tabIndex={-1}>
          Account deleted
        </h1>
        <p role="status">
          Your account and all its data were deleted: templates, components, API keys, render logs and stored renders.
          Its API keys no longer work.
        </p>
        <p class="switch">
          <a href="/signup">Create a new account</a> · <a href="/login">Log in</a>
        </p>
      </section>
    </main>
  );
}
