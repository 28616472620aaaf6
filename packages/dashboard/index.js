// Plain JS on purpose: the server imports this without a build step.
import { fileURLToPath } from 'node:url';

/** Absolute path of the built dashboard (index.html + assets/), produced by `npm run build -w @platen/dashboard`. */
export const dashboardDir = fileURLToPath(new URL('./dist', import.meta.url));
