import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
let lastTime = 0;
let lastRandom: number[] = [];

/**
 * `prefix_` + a ULID (48-bit ms time + 80 random bits, Crockford base32).
 * Monotonic within a process: IDs made in the same millisecond increment the
 * random part, so ordering by ID equals ordering by creation (DECISIONS.md).
 */
export function newId(prefix: 'tmpl' | 'comp' | 'render' | 'log' | 'key' | 'user' | 'sess' | 'job' | 'msg'): string {
  let time = Date.now();
  if (time <= lastTime) {
    time = lastTime;
    increment(lastRandom);
  } else {
    lastTime = time;
    lastRandom = [...randomBytes(16)].map((b) => b & 31);
  }
  let timePart = '';
  for (let i = 0, t = time; i < 10; i++, t = Math.floor(t / 32)) timePart = CROCKFORD[t % 32] + timePart;
  return `${prefix}_${timePart}${lastRandom.map((d) => CROCKFORD[d]).join('')}`.toLowerCase();
}

function increment(digits: number[]): void {
  for (let i = digits.length - 1; i >= 0; i--) {
    const d = (digits[i] ?? 0) + 1;
    if (d < 32) {
      digits[i] = d;
      return;
    }
    digits[i] = 0;
  }
}
