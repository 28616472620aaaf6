import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dashboardDir } from '@platen/dashboard';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');

/** `npm ci` builds the dashboard (its `prepare`); build here too when a checkout skipped that. */
export function ensureBuilt(): void {
  if (existsSync(join(dashboardDir, 'index.html'))) return;
  execFileSync('npm', ['run', 'build', '-w', '@platen/dashboard'], { cwd: ROOT, stdio: 'inherit' });
}
