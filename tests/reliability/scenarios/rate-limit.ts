/**
 * 5. Rate limit and honeypot. With the production limit (5 well-formed submissions per client per
 * 10 minutes): past the limit every answer is 429 with Retry-After, whatever is sent (JSON, form
 * post, invalid fields, a forged X-Forwarded-For) and nothing more is stored. With the limit off: a
 * filled honeypot gets the same success answer as a person and stores nothing.
 */
import { randomUUID } from 'node:crypto';
import { pollUntil } from '../../support/poll.ts';
import { isJsonType, json, send, type Answer } from '../http-client.ts';
import { tally } from '../stats.ts';
import { withStore } from '../stores.ts';
import { acknowledged, submission, submissionValues, type Submission } from '../submissions.ts';
import type { Scenario } from './context.ts';

const LIMIT = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function jsonRequest(body: Record<string, unknown>, headers: Record<string, string> = {}): Submission['request'] {
  return {
    method: 'POST',
    path: '/api/waitlist',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID(), ...headers },
    body: JSON.stringify(body),
  };
}

export const rateLimitScenario: Scenario = {
  title: `5. Rate limit (${LIMIT} per client) and honeypot`,
  async run({ target, report, launch, tag }) {
    const limitedStore = await target.fresh();
    const openStore = await target.fresh();
    // The second server logs every request (LOG_LEVEL=info) so its log can be checked for personal data.
    const [limited, open] = await Promise.all([
      launch(limitedStore, { rateLimit: LIMIT }),
      launch(openStore, { extraEnv: { LOG_LEVEL: 'info' } }),
    ]);

    // Up to the limit: stored.
    const within: Answer[] = [];
    for (let i = 0; i < LIMIT; i += 1)
      within.push(await send(limited.url, submission(tag, i, { kind: 'json' }).request));
    report.check(
      `the first ${LIMIT} submissions are stored (201)`,
      within.every((a) => a.status === 201),
      tally(within.map((a) => a.status)),
    );

    // Past the limit: everything is turned away.
    const stored = submission(tag, 0, { kind: 'json' });
    const past: { label: string; answer: Answer; form: boolean }[] = [];
    const attempt = async (label: string, request: Submission['request'], form = false) =>
      past.push({ label, answer: await send(limited.url, request), form });
    for (let i = 0; i < 10; i += 1) await attempt('valid JSON', submission(tag, 100 + i, { kind: 'json' }).request);
    for (let i = 0; i < 5; i += 1)
      await attempt('valid form post', submission(tag, 200 + i, { kind: 'form' }).request, true);
    for (let i = 0; i < 5; i += 1)
      await attempt('invalid fields', jsonRequest({ ...submissionValues(tag, 300 + i), email: 'not-an-email' }));
    for (let i = 0; i < 5; i += 1) {
      await attempt(
        'forged X-Forwarded-For',
        jsonRequest(submissionValues(tag, 400 + i), { 'X-Forwarded-For': `203.0.113.${i + 1}` }),
      );
    }
    for (let i = 0; i < 5; i += 1)
      await attempt(
        'honeypot filled',
        jsonRequest({ ...submissionValues(tag, 500 + i), website: 'https://spam.example' }),
      );
    await attempt('a key already stored, sent again', stored.request);

    const bad = past.filter(({ answer, form }) => {
      const retryAfter = Number(answer.headers['retry-after']);
      const wellFormed = Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 600;
      const message = form
        ? answer.body.includes('Too many submissions')
        : isJsonType(answer) && typeof json(answer)?.message === 'string';
      return answer.status !== 429 || !wellFormed || !message;
    });
    report.figure('past the limit', `${past.length} requests: ${tally(past.map((p) => p.answer.status))}`);
    report.figure(
      'Retry-After',
      `${tally(past.map((p) => String(p.answer.headers['retry-after'] ?? 'none')))} (seconds)`,
    );
    report.check(
      'past the limit every answer is 429 with Retry-After and a message',
      bad.length === 0,
      bad.map((b) => `${b.label}: ${b.answer.status}`).join('; '),
    );
    const limitedRows = await withStore(limitedStore, (s) => s.count());
    report.check(`nothing stored past the limit (${LIMIT} rows)`, limitedRows === LIMIT, `${limitedRows} rows`);

    // The honeypot, with the limit off so that only the honeypot decides.
    const bots: { sub: Submission; answer: Answer }[] = [];
    for (let i = 0; i < 20; i += 1) {
      const sub = submission(`${tag}bot`, i, { kind: i % 4 === 3 ? 'form' : 'json' });
      const request = { ...sub.request };
      request.body =
        sub.kind === 'json'
          ? JSON.stringify({ ...JSON.parse(String(request.body)), website: 'https://spam.example/offer' })
          : String(request.body).replace('website=', 'website=https%3A%2F%2Fspam.example%2Foffer');
      bots.push({ sub, answer: await send(open.url, request) });
    }
    const fooled = bots.filter(({ sub, answer }) => {
      const ack = acknowledged(sub, answer);
      return ack.ok && (sub.kind === 'form' || UUID.test(ack.id ?? ''));
    });
    report.figure('honeypot submissions', `${bots.length}: ${tally(bots.map((b) => b.answer.status))}`);
    report.check(
      'a filled honeypot gets the same success answer as a person',
      fooled.length === bots.length,
      `${fooled.length} of ${bots.length}`,
    );
    const botRows = await withStore(openStore, (s) => s.count());
    report.check('a filled honeypot stores nothing', botRows === 0, `${botRows} rows`);
    const person = await send(open.url, submission(`${tag}person`, 0, { kind: 'json' }).request);
    const personRows = await withStore(openStore, (s) => s.count());
    report.check(
      'a person without the honeypot is stored',
      person.status === 201 && personRows === 1,
      `HTTP ${person.status}, ${personRows} rows`,
    );

    // The request log: one JSON line per request with method, path, status and duration, and not a
    // trace of what the visitors typed. (Give the last lines a moment to come through the pipe.)
    // The wizard posts to /api/waitlist, the plain form to /waitlist.
    const expected = bots.length + 1;
    const isSubmission = (l: Record<string, unknown>) => l.path === '/api/waitlist' || l.path === '/waitlist';
    await pollUntil(() => open.logEntries().filter((l) => isSubmission(l) && 'status' in l).length >= expected, {
      timeoutMs: 1_000,
    });
    const lines = open.logEntries();
    const requests = lines.filter((l) => isSubmission(l) && 'durationMs' in l);
    const shaped = requests.every(
      (l) => l.method === 'POST' && typeof l.status === 'number' && typeof l.durationMs === 'number',
    );
    report.check(
      'the log has one JSON line per request with method, path, status and duration',
      lines.every((l) => !('unparsable' in l)) && requests.length === expected && shaped,
      `${requests.length} request lines for ${expected} requests`,
    );
    const personal = ['@example.com', 'Reliability Tester', 'Load Test Company', 'spam.example', 'Zürich'];
    const leaked = personal.filter((text) => open.output().includes(text));
    report.check('no personal data in the log', leaked.length === 0, leaked.join(', '));
  },
};
