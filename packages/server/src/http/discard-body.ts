import type { IncomingMessage, ServerResponse } from 'node:http';
import type { H3Event } from 'h3';

/** The Node request/response behind an h3 event, when the app runs on node:http (srvx sets `runtime.node`). */
export interface NodePair {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
}

export function nodePair(event: H3Event): NodePair | undefined {
  const node = (event.req as { runtime?: { node?: Partial<NodePair> } }).runtime?.node;
  return node?.req && node.res ? { req: node.req, res: node.res } : undefined;
}

/** Bytes of a refused body read (and dropped) at most, as a multiple of the limit, before the socket is destroyed. */
export const DISCARD_FACTOR = 4;
/** How long a refused body is read at most before the socket is destroyed. */
export const DISCARD_MS = 10_000;

/**
 * After refusing a body that is too large, answer with `Connection: close` and
 * keep reading (dropping) the rest of the body, so the client can finish sending
 * and read the answer: closing a socket with unread data makes the kernel send
 * RST, and the client sees ECONNRESET/EPIPE instead of the 413 (what Apache's
 * lingering close and nginx's `lingering_time` avoid). Reading stops, and the
 * socket is destroyed, past DISCARD_FACTOR × `max` bytes in all (`alreadyRead`
 * included) or DISCARD_MS; a body declared larger than that is not read at all.
 */
export function discardRestOfBody({ req, res }: NodePair, max: number, alreadyRead: number): void {
  if (!res.headersSent) res.setHeader('connection', 'close');
  if (req.readableEnded || req.destroyed) return;
  const bound = DISCARD_FACTOR * max;
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > bound) return; // Node closes after the answer; lingering would not save this client.
  const socket = req.socket;
  let seen = alreadyRead;
  let answered = false;
  // Node ends a `Connection: close` socket with destroySoon() as soon as the
  // answer is written (http server resOnFinish). Shadow it on this socket only:
  // half-close (FIN after the answer, reading goes on), destroy once drained.
  Object.defineProperty(socket, 'destroySoon', {
    configurable: true,
    writable: true,
    value: () => {
      answered = true;
      socket.end();
    },
  });
  const stop = () => {
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', onEnd);
    socket.off('close', stop);
    Reflect.deleteProperty(socket, 'destroySoon');
  };
  const onData = (chunk: Buffer) => {
    seen += chunk.byteLength;
    if (seen > bound) socket.destroy();
  };
  const onEnd = () => {
    stop();
    if (answered) socket.destroySoon();
  };
  const timer = setTimeout(() => socket.destroy(), DISCARD_MS);
  timer.unref();
  req.on('data', onData);
  req.once('end', onEnd);
  socket.once('close', stop);
  req.resume();
}
