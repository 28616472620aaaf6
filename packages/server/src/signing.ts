import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `payload` under the server secret, base64url. */
export function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** Constant-time check of a signature made by `sign`. */
export function verify(secret: string, payload: string, signature: string): boolean {
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** An opaque, tamper-evident string carrying `value` (used for log cursors). */
export function sealValue(secret: string, purpose: string, value: string): string {
  return `${Buffer.from(value).toString('base64url')}.${sign(secret, `${purpose}:${value}`).slice(0, 22)}`;
}

/** The value inside a sealed string, or null when it was not made by us for `purpose`. */
export function openValue(secret: string, purpose: string, sealed: string): string | null {
  const [encoded, signature, extra] = sealed.split('.');
  if (!encoded || !signature || extra !== undefined) return null;
  const value = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(sign(secret, `${purpose}:${value}`).slice(0, 22));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? value : null;
}
