import { useFocusHeading, useTitle } from '../ui/hooks.js';

export function NotFoundPage() {
  useTitle('Not found');
  const h1 = useFocusHeading();
  return (
    <section class="page">
      <h1 ref={h1} tabIndex={-1}>
        Page not found
      </h1>
      <p>
        Nothing lives at this address. <a href="/templates">Go to your templates</a>.
      </p>
    </section>
  );
}
