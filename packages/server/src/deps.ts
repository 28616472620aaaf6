import type { BlobStore } from './blob-store.js';
import type { Config } from './config.js';
import type { Db } from './db/open.js';
import type { FailureCounter, RateLimiter } from './http/rate-limit.js';
import type { Logger } from './logger.js';
import type { RenderPool } from './render-pool/pool.js';
import type { ApiKeyStore } from './store/api-keys.js';
import type { ComponentStore } from './store/components.js';
import type { LogStore } from './store/logs.js';
import type { QuotaStore } from './store/quotas.js';
import type { RenderJobStore } from './store/render-jobs.js';
import type { WebhookStore } from './store/webhooks.js';
import type { RenderStore } from './store/renders.js';
import type { SessionStore } from './store/sessions.js';
import type { TemplateStore } from './store/templates.js';
import type { UserStore } from './store/users.js';
import type { TextExtractor } from './text/text-extractor.js';

/** Everything route modules may use; built once by createDeps. */
export interface AppDeps {
  readonly config: Config;
  readonly db: Db;
  readonly logger: Logger;
  readonly pool: RenderPool;
  readonly blobs: BlobStore;
  /** plain_text and previews of large HTML, off the event loop. */
  readonly text: TextExtractor;
  readonly users: UserStore;
  readonly sessions: SessionStore;
  readonly apiKeys: ApiKeyStore;
  readonly templates: TemplateStore;
  readonly components: ComponentStore;
  readonly logs: LogStore;
  readonly renders: RenderStore;
  readonly jobs: RenderJobStore;
  readonly webhooks: WebhookStore;
  readonly quotas: QuotaStore;
  readonly rateLimiter: RateLimiter;
  /** API-key requests per account, all its keys together. */
  readonly accountRateLimiter: RateLimiter;
  /** Session-authenticated writes, per account. */
  readonly sessionWriteLimiter: RateLimiter;
  readonly loginFailures: {
    readonly byEmail: FailureCounter;
    readonly byAddress: FailureCounter;
  };
}
