/** Absolute path of the built dashboard (index.html + assets/), produced by `npm run build -w @platen/dashboard`. */
export declare const dashboardDir: string;

/** Content-Security-Policy to send with the dashboard's files. */
export declare const DASHBOARD_CSP: string;

export interface DashboardAsset {
  /** Absolute path of the file to send. */
  readonly file: string;
  /** Content-Type header value. */
  readonly type: string;
  /** Cache-Control header value: immutable for hashed assets, no-cache for index.html. */
  readonly cacheControl: string;
}

/**
 * The file answering a GET for `pathname` (percent-encoded, as received): a built
 * asset, or index.html for any other non-API path (SPA fallback). Null for /api
 * paths, missing /assets files, paths leaving the build directory, or no build.
 */
export declare function resolveDashboardAsset(pathname: string): DashboardAsset | null;
