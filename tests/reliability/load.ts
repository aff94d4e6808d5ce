/**
 * A bounded request loop: `total` requests, at most `concurrency` in flight, over keep-alive
 * connections. Records every answer (status or error, latency) so a scenario can account for each
 * request; `keepGoing` lets a scenario end the run early (after a crash, say).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { send, type Answer, type SendOptions } from './http-client.ts';

export interface LoadResult<T> {
  outcomes: { item: T; answer: Answer }[];
  durationMs: number;
  /** Answers per second, counting only requests that got an HTTP answer. */
  throughput: number;
}

export async function runLoad<T extends { request: SendOptions }>(options: {
  base: string;
  items: readonly T[];
  concurrency: number;
  onAnswer?: (item: T, answer: Answer) => void;
  keepGoing?: () => boolean;
  /** Ends one worker (one visitor) after this answer, e.g. a refused connection. */
  stopsWorker?: (answer: Answer) => boolean;
  timeoutMs?: number;
}): Promise<LoadResult<T>> {
  const { base, items, concurrency } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const outcomes: { item: T; answer: Answer }[] = [];
  let next = 0;
  const started = performance.now();

  const worker = async () => {
    while (next < items.length && (options.keepGoing?.() ?? true)) {
      const item = items[next] as T;
      next += 1;
      const answer = await send(base, { ...item.request, agent, timeoutMs: options.timeoutMs ?? 30_000 });
      outcomes.push({ item, answer });
      options.onAnswer?.(item, answer);
      if (options.stopsWorker?.(answer)) return;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const durationMs = performance.now() - started;
  agent.destroy();
  const answered = outcomes.filter((o) => o.answer.status > 0).length;
  return { outcomes, durationMs, throughput: answered / (durationMs / 1000) };
}
