/** One structured request log line. Never holds a key, a cookie or a body. */
export interface RequestLog {
  readonly time: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly duration_ms: number;
  readonly key_id: string | null;
  readonly user_id: string | null;
  readonly error?: string;
}

export interface Logger {
  request(entry: RequestLog): void;
  /** Crashes and other operator-facing events. */
  error(message: string, details?: Record<string, unknown>): void;
}

/** JSON lines on stdout/stderr, one object per line, for log collectors. */
export function createJsonLogger(enabled: boolean): Logger {
  return {
    request(entry) {
      if (enabled) process.stdout.write(JSON.stringify({ level: 'info', msg: 'request', ...entry }) + '\n');
    },
    error(message, details) {
      if (enabled)
        process.stderr.write(
          JSON.stringify({ level: 'error', time: new Date().toISOString(), msg: message, ...details }) + '\n',
        );
    },
  };
}
