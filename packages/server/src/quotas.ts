import type { Config } from './config.js';
import { fieldTooLarge, quotaExceeded } from './errors.js';
import type { Executor } from './db/open.js';
import type { BeforeWrite, Component } from './store/components.js';
import type { QuotaStore } from './store/quotas.js';
import type { Template } from './store/templates.js';

export interface QuotaDeps {
  readonly config: Config;
  readonly quotas: QuotaStore;
}

const n = (value: number) => value.toLocaleString('en-US');

/**
 * Each field at most `maxFieldBytes` (UTF-8), else 400 field_too_large naming it; returns
 * their total. Routes call it on `html` before reading its text, so an oversized field
 * costs no text extraction.
 */
export function checkFieldBytes(config: Config, fields: Readonly<Record<string, string | undefined>>): number {
  let total = 0;
  for (const [param, value] of Object.entries(fields)) {
    const bytes = value === undefined ? 0 : Buffer.byteLength(value, 'utf8');
    if (bytes > config.maxFieldBytes) throw fieldTooLarge(param, config.maxFieldBytes);
    total += bytes;
  }
  return total;
}

/**
 * Refuse a row that would break a per-account quota (README "Limits"): a field over
 * `maxFieldBytes` → 400 field_too_large; one row more than `max` → 403 quota_exceeded;
 * all templates and components over `maxAccountBytes` → 403 quota_exceeded. The stores call
 * this inside their write transaction, so concurrent saves cannot pass it together.
 */
async function enforce(
  deps: QuotaDeps,
  trx: Executor,
  userId: string,
  kind: 'template' | 'component',
  id: string,
  creating: boolean,
  fields: Record<string, string>,
): Promise<void> {
  const { config, quotas } = deps;
  const rowBytes = checkFieldBytes(config, fields);
  const own = await (kind === 'template' ? quotas.templates(userId, id, trx) : quotas.components(userId, id, trx));
  const other = await (kind === 'template'
    ? quotas.components(userId, null, trx)
    : quotas.templates(userId, null, trx));
  const max = kind === 'template' ? config.maxTemplates : config.maxComponents;
  if (creating && own.count >= max)
    throw quotaExceeded(`This account has ${n(own.count)} ${kind}s, the most this server allows.`);
  if (own.bytes + other.bytes + rowBytes > config.maxAccountBytes) {
    throw quotaExceeded(
      `Templates and components of this account would take more than ${n(config.maxAccountBytes)} bytes, the most this server allows.`,
    );
  }
}

/** The check a template store runs on the row it is about to write. */
export function templateQuota(deps: QuotaDeps, userId: string, creating: boolean): BeforeWrite<Template> {
  return (row, trx) =>
    enforce(deps, trx, userId, 'template', row.id, creating, {
      name: row.name,
      html: row.html,
      plain_text: row.plain_text,
      pdf_format: JSON.stringify(row.pdf_format),
      pdf_options: JSON.stringify(row.pdf_options),
      sample_data: JSON.stringify(row.sample_data),
    });
}

/** The check a component store runs on the row it is about to write. */
export function componentQuota(deps: QuotaDeps, userId: string, creating: boolean): BeforeWrite<Component> {
  return (row, trx) =>
    enforce(deps, trx, userId, 'component', row.id, creating, { name: row.name, html: row.html, preview: row.preview });
}

/** One API key more than `maxApiKeys` → 403 quota_exceeded (keys are also the unit of rate limiting). */
export async function enforceApiKeyQuota(deps: QuotaDeps, userId: string): Promise<void> {
  const count = await deps.quotas.apiKeys(userId);
  if (count >= deps.config.maxApiKeys)
    throw quotaExceeded(`This account has ${n(count)} API keys, the most this server allows.`);
}
