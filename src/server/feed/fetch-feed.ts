import { FeedError, feedError } from './feed-error.ts';

export interface FetchFeedOptions {
  /** Whole request budget, headers and body together. */
  timeoutMs: number;
  /** The body is abandoned as soon as it passes this many bytes. */
  maxBytes: number;
  /** Injected in tests; the global fetch otherwise. */
  fetchImpl?: typeof fetch;
}

const ACCEPT = 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1';
const USER_AGENT = 'HumanwiseSite/1.0 (Point of View feed reader)';

/**
 * Fetches the Point of View feed and returns its text.
 * Every failure is a FeedError whose message can be shown to visitors:
 * timeout, non-2xx answer, body larger than `maxBytes`, or a network failure.
 */
export async function fetchFeedText(url: string, opts: FetchFeedOptions): Promise<string> {
  const fetchImpl = opts.fetchImpl ?? globalThis.fetch;
  const signal = AbortSignal.timeout(opts.timeoutMs);
  const failure = (error: unknown): FeedError => {
    if (error instanceof FeedError) return error;
    return signal.aborted ? feedError('timeout', error) : feedError('unreachable', error);
  };

  let response: Response;
  try {
    response = await fetchImpl(url, {
      signal,
      redirect: 'follow',
      headers: { accept: ACCEPT, 'user-agent': USER_AGENT },
    });
  } catch (error) {
    throw failure(error);
  }

  if (!response.ok) {
    await discard(response);
    throw feedError('http', new Error(`HTTP ${response.status}`));
  }

  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > opts.maxBytes) {
    await discard(response);
    throw feedError('too_large', new Error(`content-length ${declared}`));
  }

  let bytes: Uint8Array;
  try {
    bytes = await readLimited(response, opts.maxBytes, signal);
  } catch (error) {
    throw failure(error);
  }
  return decode(bytes, response.headers.get('content-type'));
}

/** Reads the body as a stream, cancelling it as soon as it passes `maxBytes`. */
async function readLimited(response: Response, maxBytes: number, signal: AbortSignal): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  // A fetch implementation that ignores the signal while streaming must still stop at the deadline.
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => {});

  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw feedError('too_large', new Error(`body passed ${maxBytes} bytes`));
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    throw error;
  }

  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

async function discard(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // Nothing to do: the body is not needed.
  }
}

/**
 * Decodes the body with the charset from the Content-Type header, else the XML declaration's
 * encoding, else UTF-8. A byte-order mark is honoured by TextDecoder.
 */
function decode(bytes: Uint8Array, contentType: string | null): string {
  const fromHeader = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 256));
  const fromDeclaration = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1];
  for (const label of [fromHeader, fromDeclaration]) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(bytes);
    } catch {
      // Unknown label: try the next source.
    }
  }
  return new TextDecoder('utf-8').decode(bytes);
}
