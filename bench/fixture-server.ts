/**
 * The benchmark's stand-in hosts, in their own process so Lighthouse's work does not slow them:
 * the shared stand-in feed host (tests/support/feed-server.ts) for the Point of View page, plus the
 * reference pages (bench/reference-pages.ts).
 *
 * Usage: node bench/fixture-server.ts PORT
 */
import { startFeedServer } from '../tests/support/feed-server.ts';
import { routeReferencePages } from './reference-pages.ts';

routeReferencePages(await startFeedServer({ port: Number(process.argv[2]) }));
