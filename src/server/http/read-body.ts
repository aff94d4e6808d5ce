import type { IncomingMessage } from 'node:http';

/** An error that carries the HTTP status the caller should answer with. */
export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

export interface ReadBodyOptions {
  /** Largest body accepted, in bytes. One byte more rejects with 413. */
  limitBytes: number;
  /** Time allowed for the whole body to arrive. Past it, rejects with 408. */
  timeoutMs: number;
}

/**
 * Reads a request body into memory, never holding more than `limitBytes`.
 *
 * Rejects with an HttpError of status 413 as soon as the declared Content-Length or the bytes
 * received pass the limit, 408 when the body has not finished within `timeoutMs`, and 400 when the
 * client aborts mid-body. After a rejection the request stream is paused and left unread: the caller
 * answers and then closes the connection (see `discardBody` to drain a modest remainder first).
 */
export function readBody(req: IncomingMessage, options: ReadBodyOptions): Promise<Buffer> {
  const { limitBytes, timeoutMs } = options;

  return new Promise<Buffer>((resolve, reject) => {
    const declared = req.headers['content-length'];
    if (declared !== undefined) {
      const length = Number(declared);
      if (!/^\d+$/.test(declared) || !Number.isSafeInteger(length)) {
        reject(new HttpError(400, 'The Content-Length header is not valid.'));
        return;
      }
      if (length > limitBytes) {
        reject(new HttpError(413, 'The request body is too large.'));
        return;
      }
    }

    if (req.readableEnded) {
      resolve(Buffer.alloc(0));
      return;
    }

    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;

    const finish = (error: HttpError | null, body?: Buffer) => {
      if (settled) return;
      settled = true;
      stop();
      if (error) {
        chunks.length = 0;
        req.pause();
        reject(error);
      } else {
        resolve(body ?? Buffer.alloc(0));
      }
    };

    const stop = watchBody(
      req,
      {
        data: (chunk) => {
          const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
          received += buffer.length;
          if (received > limitBytes) {
            finish(new HttpError(413, 'The request body is too large.'));
            return;
          }
          chunks.push(buffer);
        },
        end: () => finish(null, Buffer.concat(chunks, received)),
        error: () => finish(new HttpError(400, 'The request body could not be read.')),
        close: () => {
          if (!req.complete) finish(new HttpError(400, 'The request was aborted before the body arrived.'));
        },
      },
      timeoutMs,
      () => finish(new HttpError(408, 'The request body took too long to arrive.')),
    );
  });
}

/**
 * Reads and throws away what is left of a rejected body (at most `maxBytes`, for at most
 * `timeoutMs`) so that the answer that follows reaches the client instead of being cut off by a
 * connection reset. Resolves true when the body ended, false when the caller should simply destroy
 * the connection after answering.
 */
export function discardBody(
  req: IncomingMessage,
  { maxBytes = 1024 * 1024, timeoutMs = 2000 }: { maxBytes?: number; timeoutMs?: number } = {},
): Promise<boolean> {
  if (req.readableEnded || req.complete) return Promise.resolve(true);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve(false);

  return new Promise<boolean>((resolve) => {
    let seen = 0;
    let settled = false;
    const done = (ended: boolean) => {
      if (settled) return;
      settled = true;
      stop();
      if (!ended) req.pause();
      resolve(ended);
    };
    const onFail = () => done(req.complete);
    const stop = watchBody(
      req,
      {
        data: (chunk) => {
          seen += chunk.length;
          if (seen > maxBytes) done(false);
        },
        end: () => done(true),
        error: onFail,
        close: onFail,
      },
      timeoutMs,
      () => done(false),
    );
    req.resume();
  });
}

interface BodyListeners {
  data(chunk: Buffer | string): void;
  end(): void;
  error(): void;
  close(): void;
}

/**
 * Subscribes both readers' listeners to the body's events and arms their deadline; the returned
 * function removes the listeners and the timer again, so a settled reader leaves the request as it
 * found it.
 */
function watchBody(req: IncomingMessage, listeners: BodyListeners, timeoutMs: number, onTimeout: () => void) {
  const events = Object.entries(listeners) as [keyof BodyListeners, (chunk: Buffer | string) => void][];
  const timer = setTimeout(onTimeout, timeoutMs);
  timer.unref?.();
  for (const [event, listener] of events) req.on(event, listener);
  return () => {
    clearTimeout(timer);
    for (const [event, listener] of events) req.off(event, listener);
  };
}
