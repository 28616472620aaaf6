/** A count of bytes shared by concurrent users, none of whom may take it past `limit`. */
export interface ByteBudget {
  /** Take `bytes` if they fit (then true), else take nothing (false). */
  take(bytes: number): boolean;
  give(bytes: number): void;
  /** Bytes taken now. */
  readonly held: number;
}

export function createByteBudget(limit: number): ByteBudget {
  let held = 0;
  return {
    take(bytes) {
      if (held + bytes > limit) return false;
      held += bytes;
      return true;
    },
    give(bytes) {
      held = Math.max(0, held - bytes);
    },
    get held() {
      return held;
    },
  };
}
