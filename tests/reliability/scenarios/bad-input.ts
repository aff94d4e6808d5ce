/**
 * 4. Bad input: at least 1,000 generated malformed requests (fast-check), sent one after another
 * while /healthz is polled, plus bodies that never finish. Every answer is a 4xx with a message
 * (JSON for the API, the /waitlist page with an alert for form posts); zero 5xx; zero rows stored;
 * /healthz stays 200 throughout; an unfinished body is answered 408 or its connection closed within
 * the server's 10 s body limit (plus a margin).
 */
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { isJsonType, json, send, type Answer } from '../http-client.ts';
import { malformedRequest, type Malformed } from '../malformed.ts';
import { outsideAttacks } from '../outside-attacks.ts';
import { ms, tally } from '../stats.ts';
import { withStore } from '../stores.ts';
import { submission } from '../submissions.ts';
import type { RunningServer } from '../server-process.ts';
import type { Scenario } from './context.ts';

const RUNS = Number(process.env.RELIABILITY_BAD_INPUT_RUNS ?? 1200);
const UNFINISHED_WITHIN_MS = 12_000;

function wellAnswered(m: Malformed, answer: Answer): boolean {
  if (answer.status < 400 || answer.status > 499) return false;
  if (m.answer === 'json') {
    const body = json(answer);
    return (
      isJsonType(answer) && body?.status === 'error' && typeof body.message === 'string' && body.message.length > 0
    );
  }
  const html = answer.body.toString('utf8');
  return (
    /^text\/html/.test(String(answer.headers['content-type'])) &&
    (html.includes('role="alert"') || html.includes('aria-invalid="true"'))
  );
}

/** Sends headers and part of a body, then nothing. Resolves with what happened, and when. */
function unfinishedBody(server: RunningServer, chunked: boolean): Promise<{ outcome: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1');
    let received = '';
    const done = (outcome: string) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ outcome, ms: performance.now() - started });
    };
    const timer = setTimeout(() => done('still open'), UNFINISHED_WITHIN_MS + 3_000);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      const body = received.split('\r\n\r\n')[1] ?? '';
      done(
        status ? `HTTP ${status}${body.includes('"message"') ? ' with a JSON message' : ''}, then closed` : 'closed',
      );
    });
    socket.on('connect', () => {
      const framing = chunked
        ? 'Transfer-Encoding: chunked\r\n\r\na\r\n{"name":"D\r\n'
        : 'Content-Length: 500\r\n\r\n{"name":"D';
      socket.write(`POST /api/waitlist HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${framing}`);
    });
  });
}

export const badInputScenario: Scenario = {
  title: `4. Bad input: ${RUNS} generated malformed requests, and bodies that never finish`,
  async run({ target, report, launch, seed }) {
    const store = await target.fresh();
    const server = await launch(store);

    // /healthz, every 100 ms, for as long as the scenario runs.
    const health: number[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        health.push((await send(server.url, { path: '/healthz', timeoutMs: 5_000 })).status);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    const unfinished = Promise.all([
      unfinishedBody(server, false),
      unfinishedBody(server, true),
      unfinishedBody(server, false),
    ]);

    const seen: { category: string; status: number | string; ms: number }[] = [];
    let failure = '';
    try {
      await fc.assert(
        fc.asyncProperty(malformedRequest, async (m) => {
          const answer = await send(server.url, { ...m.request, timeoutMs: 15_000 });
          seen.push({ category: m.category, status: answer.status || answer.error || 'none', ms: answer.ms });
          if (!wellAnswered(m, answer)) {
            throw new Error(
              `${m.category}: HTTP ${answer.status || answer.error} ${answer.body.toString('utf8').slice(0, 160)}`,
            );
          }
        }),
        { numRuns: RUNS, seed, endOnFailure: false },
      );
    } catch (error) {
      failure = error instanceof Error ? error.message.split('\n').slice(0, 8).join(' | ') : String(error);
    }

    const categories = new Map<string, number>();
    for (const s of seen) categories.set(s.category, (categories.get(s.category) ?? 0) + 1);
    report.figure('requests sent', `${seen.length} (fast-check seed ${seed}, ${RUNS} runs plus any shrinking)`);
    report.figure('categories', [...categories.entries()].map(([c, n]) => `${c} ${n}`).join('; '));
    report.figure('answers', tally(seen.map((s) => s.status)));
    report.figure('slowest answer', ms(Math.max(...seen.map((s) => s.ms))));
    report.check(
      `${RUNS} malformed requests: each a 4xx with a message`,
      failure === '' && seen.length >= RUNS,
      failure,
    );
    report.check(
      'zero 5xx',
      seen.every((s) => typeof s.status !== 'number' || s.status < 500),
    );

    const endings = await unfinished;
    report.figure('bodies that never finish', endings.map((e) => `${e.outcome} after ${ms(e.ms)}`).join('; '));
    report.check(
      `an unfinished body is answered 408 or closed within ${UNFINISHED_WITHIN_MS / 1000} s`,
      endings.every((e) => e.outcome !== 'still open' && e.ms < UNFINISHED_WITHIN_MS && !/HTTP 5/.test(e.outcome)),
    );

    polling = false;
    await poller;
    report.figure('/healthz polls', tally(health));
    report.check('/healthz stayed 200 throughout', health.length > 0 && health.every((s) => s === 200));

    // The outside attack's findings, sent again; the cross-site leads must not be stored either.
    await outsideAttacks(server, report);

    const { rows, integrity } = await withStore(store, async (s) => ({
      rows: await s.count(),
      integrity: await s.checkIntegrity(),
    }));
    report.check('zero rows stored', rows === 0, `${rows} rows`);
    report.check('store passes its integrity check', integrity);
    const valid = await send(server.url, submission('after-bad-input', 0, { kind: 'json' }).request);
    report.check('a valid submission is still stored afterwards', valid.status === 201, `HTTP ${valid.status}`);
  },
};
