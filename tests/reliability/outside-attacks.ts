/**
 * The findings of the outside attack (issue 14), sent again against the real server as part of the
 * bad-input scenario: cross-site form and JSON posts of otherwise valid leads, paths that try to
 * bounce a visitor to another host, methods Astro cannot take, two Host headers. Raw requests
 * (tests/support/raw-http.ts) because ordinary clients normalise exactly what is being tested.
 */
import { rawRequest } from '../support/raw-http.ts';
import { send } from './http-client.ts';
import type { Report } from './report.ts';
import type { RunningServer } from './server-process.ts';
import { submission } from './submissions.ts';
import { tally } from './stats.ts';

const HOSTILE_ORIGINS: Record<string, string>[] = [
  { Origin: 'https://evil.example' },
  { Origin: 'null' },
  { Origin: 'http://127.0.0.1.evil.example' },
  { 'Sec-Fetch-Site': 'cross-site' },
  { 'Sec-Fetch-Site': 'cross-site', Origin: 'http://127.0.0.1' },
];

const HOST_LIKE = [
  '//evil.example/',
  '//x//evil.example/',
  '//x//evil.example/?next=/',
  '///evil.example/',
  '/\\evil.example/',
  '/\\/evil.example/',
  '/.//evil.example/',
  '/..//evil.example/',
  '/%2F%2Fevil.example/',
  '/%5Cevil.example/',
  '/waitlist/..//evil.example/',
];

export async function outsideAttacks(server: RunningServer, report: Report): Promise<void> {
  // Valid leads, posted as another site's page would make a visitor's browser post them.
  const crossSite: number[] = [];
  let messages = 0;
  for (const [i, headers] of HOSTILE_ORIGINS.entries()) {
    for (const kind of ['json', 'form'] as const) {
      const lead = submission('cross-site', i, { kind });
      const answer = await send(server.url, {
        ...lead.request,
        headers: { ...lead.request.headers, ...headers },
      });
      crossSite.push(answer.status);
      if (answer.body.toString('utf8').includes('only be sent from our own website')) messages += 1;
    }
  }
  report.figure('cross-site posts of valid leads', tally(crossSite));
  report.check(
    'cross-site posts (Origin of another site or null, Sec-Fetch-Site: cross-site) get 403 with a message',
    crossSite.every((status) => status === 403) && messages === crossSite.length,
    tally(crossSite),
  );

  const offSite: string[] = [];
  const statuses: number[] = [];
  for (const path of HOST_LIKE) {
    for (const method of ['GET', 'HEAD']) {
      const answer = await rawRequest(server.port, path, { method });
      statuses.push(answer.status);
      const location = answer.headers.location;
      if (location !== undefined && !/^\/(?![/\\])/.test(location)) offSite.push(`${path} -> ${location}`);
    }
  }
  report.figure('paths that name another host', tally(statuses));
  report.check(
    'no path makes the server redirect off the site; paths beginning // or /\\ answer 404',
    offSite.length === 0 && statuses.every((status) => status === 404),
    offSite.join(', '),
  );

  const before = server.output().length;
  const methods: number[] = [];
  let allowHeaders = 0;
  for (let i = 0; i < 50; i += 1) {
    for (const method of ['TRACE', 'PUT', 'DELETE', 'OPTIONS']) {
      const answer = await rawRequest(server.port, i % 2 ? '/' : '/privacy-policy', { method });
      methods.push(answer.status);
      if (answer.headers.allow === 'GET, HEAD') allowHeaders += 1;
    }
  }
  const logged = server.output().length - before;
  report.figure('TRACE, PUT, DELETE, OPTIONS on pages', `${tally(methods)}; ${logged} bytes of log for 200 requests`);
  report.check(
    'unsupported methods get 405 with Allow, and no stack trace is written',
    methods.every((status) => status === 405) && allowHeaders === methods.length && logged < 2_000,
    `${logged} bytes logged`,
  );

  const twoHosts = await rawRequest(server.port, '/', {
    headers: { Host: [`127.0.0.1:${server.port}`, 'evil.example'] },
  });
  const image = await rawRequest(server.port, '/_image?href=%2Ffavicon.svg&w=4000&h=4000&f=avif');
  report.check('two Host headers get 400; /_image answers 404', twoHosts.status === 400 && image.status === 404);
}
