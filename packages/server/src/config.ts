import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { signingCertificateName } from '@platen/core/options';
import { z } from 'zod';
import type { S3Options } from './blob-store-s3.js';
import type { Logger } from './logger.js';

/** Everything the server needs to run; built by `loadConfig`. */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** Origin + optional path prefix clients use to reach us; null → taken from each request's Host. */
  readonly publicUrl: string | null;
  /** HMAC key for signed render URLs and pagination cursors. */
  readonly secret: string;
  readonly signup: 'open' | 'closed';
  /** Root for `file:` and relative resource URLs; null → such URLs are never loaded. */
  readonly resourceDir: string | null;
  /** Font folders templates can use by family name, before the host's installed fonts. */
  readonly fontDirs: readonly string[];
  readonly allowPrivateNetwork: boolean;
  readonly maxBodyBytes: number;
  /** Bytes of request bodies the server holds at once, over every request (at least `maxBodyBytes`). */
  readonly maxBodyBytesInFlight: number;
  readonly maxJsonDepth: number;
  readonly renderTimeoutMs: number;
  readonly renderMemoryMb: number;
  /** Resident memory of one render worker process; above it the worker is killed and replaced. */
  readonly renderRssMb: number;
  readonly renderRecycleMb: number;
  /** V8's semi-space of each render worker (`--max-semi-space-size`), MB; unset: the pool's default. */
  readonly renderSemiSpaceMb?: number | undefined;
  readonly renderWorkers: number;
  /** Renders of one account running at once (the others wait, fairly queued). */
  readonly renderWorkersPerAccount: number;
  /**
   * Nodes sharing PostgreSQL: synchronous renders of one account at once over all of them, as set by
   * PLATEN_RENDER_WORKERS_PER_ACCOUNT; null → the live nodes' workers together minus one.
   */
  readonly clusterRenderWorkersPerAccount: number | null;
  /** How long a node's render slots stay counted without renewal (a dead node's are freed after it). */
  readonly renderSlotLeaseMs: number;
  readonly maxPages: number;
  readonly maxHtmlBytes: number;
  /** Remote resources fetched per render, and their bytes together. */
  readonly maxResources: number;
  readonly maxResourceBytes: number;
  readonly rateLimitPerMinute: number;
  readonly rateLimitBurst: number;
  /** Requests per minute by one account through all its API keys together, token bucket (burst the same). */
  readonly accountRateLimitPerMinute: number;
  /** Writes (POST/PUT/DELETE) per minute by one account through its sessions, token bucket (burst the same). */
  readonly sessionWriteLimitPerMinute: number;
  /** Per-account quotas: stored templates, components and API keys. */
  readonly maxTemplates: number;
  readonly maxComponents: number;
  readonly maxApiKeys: number;
  /** UTF-8 bytes of one stored field (html, plain_text, sample_data as JSON, …). */
  readonly maxFieldBytes: number;
  /** UTF-8 bytes of all templates and components of one account together. */
  readonly maxAccountBytes: number;
  readonly signedUrlTtlSeconds: number;
  readonly sessionTtlSeconds: number;
  readonly sweepIntervalMs: number;
  readonly logRequests: boolean;
  /** SQLite `synchronous` in WAL mode: `normal` survives process crashes (kill -9), `full` also power cuts. */
  readonly dbSynchronous: 'normal' | 'full';
  /** `postgres://…`: PostgreSQL, shared by every node, instead of `<dataDir>/platen.db`. */
  readonly databaseUrl: string | null;
  /** How often an idle node looks for queued async renders. */
  readonly jobPollMs: number;
  /** How long a running async render stays its node's without renewal (a dead node's jobs wait this long). */
  readonly jobLeaseMs: number;
  /** On SIGTERM, how long the node goes on answering (`/readyz` 503) before it stops accepting connections. */
  readonly drainDelayMs: number;
  /** Object storage for url-delivered renders, shared by every node; null → `<dataDir>/renders`. */
  readonly s3: S3Options | null;
  /** Injectable clock (ms since epoch) so tests can move time; Date.now in production. */
  readonly now: () => number;
  /** Replaces the render worker entry (tests use a fake worker to provoke timeouts). */
  readonly renderWorkerUrl: URL | null;
  /** Where request logs go; defaults to JSON lines on stdout. */
  readonly logger: Logger | null;
  /** The PKCS#12 certificate `pdf.signature` signs with (PLATEN_SIGNING_P12); null → signing is refused. */
  readonly signing: { readonly p12: Uint8Array; readonly passphrase: string } | null;
}

const int = (min: number) => z.coerce.number().int().min(min);
const bool = z.enum(['1', '0', 'true', 'false', 'yes', 'no']).transform((v) => ['1', 'true', 'yes'].includes(v));

/** PLATEN_* variables; every limit of DECISIONS.md is configurable here. */
const envSchema = z.object({
  PLATEN_PORT: int(0).max(65535).default(3000),
  PLATEN_HOST: z.string().min(1).default('127.0.0.1'),
  PLATEN_DATA_DIR: z.string().min(1).default('./data'),
  PLATEN_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  PLATEN_SECRET: z.string().min(16).optional(),
  PLATEN_SIGNUP: z.enum(['open', 'closed']).default('open'),
  PLATEN_RESOURCE_DIR: z.string().min(1).optional(),
  PLATEN_FONT_DIRS: z.string().min(1).optional(),
  PLATEN_SIGNING_P12: z.string().min(1).optional(),
  PLATEN_SIGNING_PASSPHRASE: z.string().optional(),
  PLATEN_ALLOW_PRIVATE_NETWORK: bool.default(false),
  PLATEN_MAX_BODY_BYTES: int(1).default(10 * 1024 * 1024),
  PLATEN_MAX_BODY_BYTES_IN_FLIGHT: int(1).default(64 * 1024 * 1024),
  PLATEN_MAX_JSON_DEPTH: int(1).default(64),
  PLATEN_RENDER_TIMEOUT_MS: int(1).default(30_000),
  PLATEN_RENDER_MEMORY_MB: int(16).default(512),
  PLATEN_RENDER_RSS_MB: int(64).optional(),
  PLATEN_RENDER_RECYCLE_MB: int(64).optional(),
  PLATEN_RENDER_SEMI_SPACE_MB: int(1).max(64).optional(),
  PLATEN_RENDER_WORKERS: int(1).default(availableParallelism()),
  PLATEN_RENDER_WORKERS_PER_ACCOUNT: int(1).optional(),
  PLATEN_RENDER_SLOT_LEASE_MS: int(1000).default(15_000),
  PLATEN_MAX_PAGES: int(1).default(2000),
  PLATEN_MAX_HTML_BYTES: int(1).default(20 * 1024 * 1024),
  PLATEN_MAX_RESOURCES: int(1).default(256),
  PLATEN_MAX_RESOURCE_BYTES: int(1).default(64 * 1024 * 1024),
  PLATEN_RATE_LIMIT: int(1).default(300),
  PLATEN_RATE_LIMIT_BURST: int(1).optional(),
  PLATEN_ACCOUNT_RATE_LIMIT: int(1).default(600),
  PLATEN_SESSION_WRITE_LIMIT: int(1).default(120),
  PLATEN_MAX_TEMPLATES: int(1).default(1000),
  PLATEN_MAX_COMPONENTS: int(1).default(1000),
  PLATEN_MAX_API_KEYS: int(1).default(50),
  PLATEN_MAX_FIELD_BYTES: int(1).default(5 * 1024 * 1024),
  PLATEN_MAX_ACCOUNT_BYTES: int(1).default(100 * 1024 * 1024),
  PLATEN_SIGNED_URL_TTL: int(1).default(86_400),
  PLATEN_SESSION_TTL: int(60).default(30 * 86_400),
  PLATEN_SWEEP_INTERVAL_MS: int(1000).default(15 * 60_000),
  PLATEN_LOG_REQUESTS: bool.default(true),
  PLATEN_DB_SYNCHRONOUS: z.enum(['normal', 'full']).default('normal'),
  PLATEN_JOB_POLL_MS: int(10).default(500),
  PLATEN_JOB_LEASE_MS: int(1000).default(30_000),
  PLATEN_DRAIN_DELAY_MS: int(0).default(0),
  PLATEN_S3_BUCKET: z.string().min(3).optional(),
  PLATEN_S3_PREFIX: z.string().default('renders/'),
  PLATEN_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  PLATEN_S3_REGION: z.string().min(1).default('us-east-1'),
  PLATEN_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  PLATEN_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  PLATEN_S3_FORCE_PATH_STYLE: bool.default(false),
  PLATEN_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
});

/**
 * Build the configuration from `PLATEN_*` variables, then apply `overrides`
 * (the CLI's flags, tests' knobs). Creates the data directory and, when
 * PLATEN_SECRET is unset, a random secret persisted in `<dataDir>/secret`
 * so signed URLs survive restarts. `serving: false` (the account commands, which sign nothing)
 * does not require PLATEN_SECRET beside PLATEN_DATABASE_URL.
 */
/** The signing certificate, read and opened at start so that a wrong path or passphrase stops the server, not a render. */
function readSigning(path: string, passphrase: string): Config['signing'] {
  const p12 = new Uint8Array(readFileSync(resolve(path)));
  try {
    signingCertificateName({ p12, passphrase });
  } catch (error) {
    throw new Error(
      `Invalid configuration PLATEN_SIGNING_P12: ${error instanceof Error ? error.message.replace('pdf.signature.p12', path) : String(error)}`,
    );
  }
  return { p12, passphrase };
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
  serving = true,
): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => k.startsWith('PLATEN_') && v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid configuration ${String(issue?.path.join('.'))}: ${issue?.message ?? 'invalid'}`);
  }
  const e = parsed.data;
  const dataDir = resolve(overrides.dataDir ?? e.PLATEN_DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const base: Config = {
    port: e.PLATEN_PORT,
    host: e.PLATEN_HOST,
    dataDir,
    publicUrl: e.PLATEN_PUBLIC_URL ?? null,
    secret: e.PLATEN_SECRET ?? readOrCreateSecret(dataDir),
    signup: e.PLATEN_SIGNUP,
    resourceDir: e.PLATEN_RESOURCE_DIR ? resolve(e.PLATEN_RESOURCE_DIR) : null,
    // A list like PATH: folders separated by ':' (';' on Windows).
    fontDirs: (e.PLATEN_FONT_DIRS ?? '')
      .split(delimiter)
      .filter((dir) => dir !== '')
      .map((dir) => resolve(dir)),
    allowPrivateNetwork: e.PLATEN_ALLOW_PRIVATE_NETWORK,
    signing: e.PLATEN_SIGNING_P12 ? readSigning(e.PLATEN_SIGNING_P12, env['PLATEN_SIGNING_PASSPHRASE'] ?? '') : null,
    maxBodyBytes: e.PLATEN_MAX_BODY_BYTES,
    maxBodyBytesInFlight: Math.max(e.PLATEN_MAX_BODY_BYTES_IN_FLIGHT, e.PLATEN_MAX_BODY_BYTES),
    maxJsonDepth: e.PLATEN_MAX_JSON_DEPTH,
    renderTimeoutMs: e.PLATEN_RENDER_TIMEOUT_MS,
    renderMemoryMb: e.PLATEN_RENDER_MEMORY_MB,
    // Everything a worker process holds: its heap plus Buffers, decoded fonts and images.
    renderRssMb: e.PLATEN_RENDER_RSS_MB ?? 2 * e.PLATEN_RENDER_MEMORY_MB,
    // What a worker may keep between jobs; above it (after a GC) it is replaced once idle.
    renderRecycleMb: e.PLATEN_RENDER_RECYCLE_MB ?? Math.max(256, e.PLATEN_RENDER_MEMORY_MB / 2),
    renderSemiSpaceMb: e.PLATEN_RENDER_SEMI_SPACE_MB,
    renderWorkers: e.PLATEN_RENDER_WORKERS,
    // One worker stays free for other accounts, so their renders start at once.
    renderWorkersPerAccount: e.PLATEN_RENDER_WORKERS_PER_ACCOUNT ?? Math.max(1, e.PLATEN_RENDER_WORKERS - 1),
    clusterRenderWorkersPerAccount: e.PLATEN_RENDER_WORKERS_PER_ACCOUNT ?? null,
    renderSlotLeaseMs: e.PLATEN_RENDER_SLOT_LEASE_MS,
    maxPages: e.PLATEN_MAX_PAGES,
    maxHtmlBytes: e.PLATEN_MAX_HTML_BYTES,
    maxResources: e.PLATEN_MAX_RESOURCES,
    maxResourceBytes: e.PLATEN_MAX_RESOURCE_BYTES,
    rateLimitPerMinute: e.PLATEN_RATE_LIMIT,
    rateLimitBurst: e.PLATEN_RATE_LIMIT_BURST ?? e.PLATEN_RATE_LIMIT,
    accountRateLimitPerMinute: e.PLATEN_ACCOUNT_RATE_LIMIT,
    sessionWriteLimitPerMinute: e.PLATEN_SESSION_WRITE_LIMIT,
    maxTemplates: e.PLATEN_MAX_TEMPLATES,
    maxComponents: e.PLATEN_MAX_COMPONENTS,
    maxApiKeys: e.PLATEN_MAX_API_KEYS,
    maxFieldBytes: e.PLATEN_MAX_FIELD_BYTES,
    maxAccountBytes: e.PLATEN_MAX_ACCOUNT_BYTES,
    signedUrlTtlSeconds: e.PLATEN_SIGNED_URL_TTL,
    sessionTtlSeconds: e.PLATEN_SESSION_TTL,
    sweepIntervalMs: e.PLATEN_SWEEP_INTERVAL_MS,
    logRequests: e.PLATEN_LOG_REQUESTS,
    dbSynchronous: e.PLATEN_DB_SYNCHRONOUS,
    databaseUrl: e.PLATEN_DATABASE_URL ?? null,
    jobPollMs: e.PLATEN_JOB_POLL_MS,
    jobLeaseMs: e.PLATEN_JOB_LEASE_MS,
    drainDelayMs: e.PLATEN_DRAIN_DELAY_MS,
    s3: e.PLATEN_S3_BUCKET
      ? {
          bucket: e.PLATEN_S3_BUCKET,
          prefix: e.PLATEN_S3_PREFIX,
          endpoint: e.PLATEN_S3_ENDPOINT ?? null,
          region: e.PLATEN_S3_REGION,
          accessKeyId: e.PLATEN_S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: e.PLATEN_S3_SECRET_ACCESS_KEY ?? null,
          forcePathStyle: e.PLATEN_S3_FORCE_PATH_STYLE,
        }
      : null,
    now: Date.now,
    renderWorkerUrl: null,
    logger: null,
  };
  const merged = { ...base, ...overrides, dataDir };
  // Nodes sharing a database must sign URLs and cursors alike: one generated per data directory would not.
  if (serving && merged.databaseUrl && e.PLATEN_SECRET === undefined && overrides.secret === undefined) {
    throw new Error(
      'Invalid configuration PLATEN_SECRET: required with PLATEN_DATABASE_URL (every node must share it)',
    );
  }
  return { ...merged, publicUrl: merged.publicUrl?.replace(/\/+$/, '') ?? null };
}

function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  // 'wx' fails if another process created it first; then read theirs.
  try {
    writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    return readFileSync(file, 'utf8').trim();
  }
}
