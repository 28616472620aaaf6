import type { H3Event } from 'h3';

/** Per-request facts the access log needs, kept off h3's context type. */
export interface RequestState {
  readonly startedAt: number;
  keyId: string | null;
  userId: string | null;
}

const states = new WeakMap<H3Event, RequestState>();

export function startRequest(event: H3Event): void {
  states.set(event, { startedAt: performance.now(), keyId: null, userId: null });
}

export function requestState(event: H3Event): RequestState | undefined {
  return states.get(event);
}
