import { type IncomingMessage, STATUS_CODES, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { constants as zlib } from 'node:zlib';
import compression from 'compression';
import onHeaders from 'on-headers';
import type { Logger } from 'pino';
import { matchesIfNoneMatch } from './http/conditional.ts';
import { CROSS_SITE_MESSAGE, type CrossSiteOptions, createCrossSiteCheck } from './http/cross-site.ts';
import { isLocalCaller } from './http/local-caller.ts';
import { allowMethods, hasOneHost, hasValidHost, PAGE_METHODS } from './http/request-checks.ts';
import {
  isSafeLocalLocation,
  namesAnotherHost,
  parseRequestTarget,
  redirectLocally,
  withoutTrailingSlash,
} from './http/request-target.ts';
import { applySecurityHeaders, contentSecurityPolicy, type SecurityHeaderOptions } from './http/security-headers.ts';
import { negotiateEncoding, type StaticAsset } from './http/static-files.ts';
import { routePattern } from './metrics/route-pattern.ts';
import type { EditorRoutes } from './cms/editor-routes.ts';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
/**
 * Handles a form a page posts to itself (POST to the page's own path). It answers itself (a
 * redirect) or has the page rendered from the same request with `locals`.
 */
export type FormPostHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  renderPage: (locals: Record<string, unknown>) => Promise<void>,
) => Promise<void>;
/** Astro's middleware-mode handler: renders on-demand pages, calls `next` when no route matches. */
export type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
  locals?: Record<string, unknown>,
) => Promise<void>;

export interface AppDependencies {
  assets: Map<string, StaticAsset>;
  astro: AstroHandler;
  api: Record<string, NodeHandler>;
  /** POSTs to these page paths; other methods render the page as usual. */
  formPosts?: Record<string, FormPostHandler>;
  /**
   * false: the store does not answer (503). true or an object: ok (200); an object's fields are
   * added to the JSON for callers on this machine (delivery counts for monitoring, which never make
   * the site unhealthy, and the editor's last publish).
   */
  health: () => Promise<boolean | Record<string, unknown>>;
  security: SecurityHeaderOptions;
  logger: Logger;
  /** Lets the tests reach /diagnostics/render-failure, which exists only to prove the 500 page. */
  enableFailureRoute?: boolean;
  /** Whose pages may post to us besides the request's own host (SITE_URL, ALLOWED_ORIGINS). */
  crossSite?: CrossSiteOptions;
  /** Operator metrics (METRICS_TOKEN set): the GET /metrics handler and each request's duration. */
  metrics?: {
    endpoint: NodeHandler;
    observeRequest(route: string, method: string | undefined, status: number, seconds: number): void;
  };
  /** The editor's addresses (/keystatic, /api/keystatic), when the build carries it (src/server/cms). */
  editor?: EditorRoutes;
  /** What every page Astro renders per request may read (`Astro.locals`, typed in src/env.d.ts). */
  pageLocals?: Partial<App.Locals>;
}

const METRICS_PATH = '/metrics';
/** The store's and the outbox's state for monitoring (README, "Operating it"). */
const HEALTH_PATH = '/healthz';

const FAILURE_ROUTE = '/diagnostics/render-failure';
/** Astro's error pages, built files sent with their own status: never a 200 answer to a request for them. */
const ERROR_PAGES = new Set(['/404', '/500']);

/** Shown when even the error page cannot be rendered. */
const lastResortErrorPage =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Unexpected error</title>' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>' +
  '<main><h1>Unexpected Application Error!</h1><p>Something went wrong on our side. Please try again in a moment.</p>' +
  '<p><a href="/">Return to Home</a></p></main></body></html>';

/** Each built page's policy, allowing exactly its own inline scripts; written once per page. */
const pagePolicies = new WeakMap<StaticAsset, string>();
function pagePolicy(asset: StaticAsset, scriptHashes: readonly string[], security: SecurityHeaderOptions): string {
  let policy = pagePolicies.get(asset);
  if (policy === undefined) {
    policy = contentSecurityPolicy({ ...security, scriptHashes });
    pagePolicies.set(asset, policy);
  }
  return policy;
}

/** `"tag"` for the identity body, `"tag-br"` / `"tag-gzip"` for the encoded ones. */
function etagFor(etag: string, encoding: string | undefined): string {
  return encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;
}

function sendAsset(
  req: IncomingMessage,
  res: ServerResponse,
  asset: StaticAsset,
  status: number,
  security: SecurityHeaderOptions,
) {
  res.setHeader('Content-Type', asset.contentType);
  // A built page allows exactly its own inline scripts (a shorter header, and a tighter policy).
  if (asset.scriptHashes) {
    res.setHeader('Content-Security-Policy', pagePolicy(asset, asset.scriptHashes, security));
  }
  res.setHeader('Cache-Control', status === 200 ? asset.cacheControl : 'no-store');
  res.setHeader('Vary', 'Accept-Encoding');
  const { body, encoding } = negotiateEncoding(asset, req.headers['accept-encoding']);
  if (status === 200) {
    // Each encoding is its own representation with its own strong ETag (RFC 9110 §8.8.3): a cache
    // that stored the brotli bytes must not be told they are the gzip ones.
    const etag = etagFor(asset.etag, encoding);
    res.setHeader('ETag', etag);
    if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
      res.writeHead(304).end();
      return;
    }
  }
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.writeHead(status);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** All compression reads of a request: the method (it skips HEAD) and Accept-Encoding. */
type CompressionRequest = Pick<IncomingMessage, 'method' | 'headers'>;

/**
 * The request as compression should see it: a HEAD is compressed like the GET it stands for, so
 * that it carries the same Content-Encoding and Vary (Node sends no body for a HEAD anyway).
 */
function asGetForCompression(req: IncomingMessage): CompressionRequest {
  return { method: req.method === 'HEAD' ? 'GET' : req.method, headers: req.headers };
}

export function createApp(deps: AppDependencies) {
  const { api, formPosts = {}, health, logger, enableFailureRoute = false, editor, pageLocals = {} } = deps;
  // The build being served; the editor's publishing replaces it whole (setBuild) after a rebuild.
  let { assets, astro, security } = deps;
  let notFound = assets.get('/404');
  const crossSiteRefusal = createCrossSiteCheck(deps.crossSite ?? { siteUrl: '' });
  /** The paths answered here rather than by Astro (the metrics' route label keeps them as they are). */
  const isKnownPath = (path: string) =>
    path === HEALTH_PATH ||
    path === METRICS_PATH ||
    assets.has(path) ||
    Object.hasOwn(api, path) ||
    Object.hasOwn(formPosts, path);

  /** A short answer for requests we refuse before routing: JSON for the APIs, a small page otherwise. */
  function sendRefusal(req: IncomingMessage, res: ServerResponse, status: number, message: string) {
    const json = (req.url ?? '').startsWith('/api/') || /json/i.test(String(req.headers['content-type'] ?? ''));
    const body = json
      ? JSON.stringify({ status: 'error', message })
      : `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${message}</title>` +
        '<meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main>' +
        `<h1>${message}</h1><p><a href="/">Return to Home</a></p></main></body></html>`;
    res.writeHead(status, {
      'Content-Type': json ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function sendNotFound(req: IncomingMessage, res: ServerResponse) {
    if (notFound) sendAsset(req, res, notFound, 404, security);
    else res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
  }

  function sendServerError(res: ServerResponse) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(lastResortErrorPage);
  }

  // Pages Astro renders per request are compressed on the fly (built files are compressed once at start).
  // Brotli quality 5 rather than the package's 4: about 6% smaller pages (a legal page 13.3 KB instead
  // of 14.1 KB, inside the first round trip) for the same 7-10 ms of compression per page.
  const compress = compression({ threshold: 1024, brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } } });

  /** The build's browser modules, for the pages that style their islands per request (src/middleware.ts). */
  const builtScript = (urlPath: string) =>
    urlPath.endsWith('.js') ? assets.get(urlPath)?.body.toString('utf8') : undefined;

  /** Hands a request to Astro; resolves once the response is finished. */
  function renderWithAstro(req: IncomingMessage, res: ServerResponse, locals: Record<string, unknown> = {}) {
    return new Promise<void>((resolve) => {
      res.once('close', resolve);
      res.setHeader('Cache-Control', 'no-cache');
      const pageContext = { ...pageLocals, builtScript, failureRouteEnabled: enableFailureRoute, ...locals };
      compress(asGetForCompression(req) as never, res as never, () => renderCompressed(req, res, pageContext));
    });
  }

  function renderCompressed(req: IncomingMessage, res: ServerResponse, locals: Record<string, unknown>) {
    const fail = (error: unknown) => {
      // The path only: the query string may carry personal data (`?email=...`), as in every line.
      logger.error({ err: error, path: (req.url ?? '/').split('?')[0] }, 'render failed');
      sendServerError(res);
    };
    astro(req, res, (error) => (error ? fail(error) : sendNotFound(req, res)), locals).catch(fail);
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    // The raw path, never `new URL(req.url, base)`: see src/server/http/request-target.ts.
    const target = parseRequestTarget(req.url);
    if (!target) return sendRefusal(req, res, 400, 'Bad request');
    const { path } = target;
    if (namesAnotherHost(path)) return sendNotFound(req, res);

    if (path === METRICS_PATH && deps.metrics) return deps.metrics.endpoint(req, res);

    if (path === HEALTH_PATH) {
      if (!allowMethods(req, res, PAGE_METHODS)) return;
      const answer = await health().catch(() => false);
      const ok = answer !== false;
      // The details (delivery counts, the names of content files a publish failed on) are the
      // operator's: a visitor, or anyone through a proxy, gets the status alone, which is all an
      // uptime check needs (README, "Operating it").
      const details = typeof answer === 'object' && isLocalCaller(req) ? answer : {};
      res.writeHead(ok ? 200 : 503, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ status: ok ? 'ok' : 'unavailable', ...details }));
      return;
    }

    if (path === FAILURE_ROUTE && !enableFailureRoute) return sendNotFound(req, res);

    // The editor's pages and API (before the /api routing below, which would answer its API 404).
    // The editor's Astro routes render only with `editorRequest`: Astro reads a path more loosely than
    // `matches` (`/%6beystatic`, `/keystatic.html`, `/x/../keystatic`), and such a spelling must not
    // reach the editor past the checks in `handle`.
    if (editor?.matches(path)) {
      return editor.handle(req, res, path, target.search, (locals) =>
        renderWithAstro(req, res, { ...locals, editorRequest: true }),
      );
    }

    const formPost = Object.hasOwn(formPosts, path) ? formPosts[path] : undefined;
    if (formPost && req.method === 'POST') return formPost(req, res, (locals) => renderWithAstro(req, res, locals));

    const apiHandler = Object.hasOwn(api, path) ? api[path] : undefined;
    if (apiHandler) return apiHandler(req, res);
    if (path.startsWith('/api/')) {
      res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ status: 'error', message: 'Not found' }));
      return;
    }

    // Pages and files are read with GET and HEAD only; anything else is answered here, before
    // Astro (which fails on TRACE and the like with a stack trace per request).
    if (!allowMethods(req, res, PAGE_METHODS)) return;
    if (path.length > 1 && path.endsWith('/')) {
      const location = withoutTrailingSlash(target);
      if (!location) return sendNotFound(req, res);
      return redirectLocally(res, 301, location);
    }
    const asset = assets.get(path);
    if (asset && !ERROR_PAGES.has(path)) return sendAsset(req, res, asset, 200, security);
    return renderWithAstro(req, res);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const started = performance.now();
    res.once('finish', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const durationMs = performance.now() - started;
      // One line per request; never the query string or body, which may carry personal data.
      logger.info({ method: req.method, path, status: res.statusCode, durationMs: Math.round(durationMs * 10) / 10 });
      deps.metrics?.observeRequest(
        // The editor answers any path under its prefix: one label for all of them, not one per path.
        editor?.matches(path) ? '(editor)' : routePattern(path, res.statusCode, isKnownPath),
        req.method,
        res.statusCode,
        durationMs / 1000,
      );
    });
    applySecurityHeaders(res, security, (req.url ?? '/').split('?')[0]);
    // Last line of defence for every redirect, ours or Astro's: a Location that could leave the
    // site (//host, /\host, an absolute URL) is never sent.
    onHeaders(res, () => {
      // Every status line carries its status's own reason phrase: Astro copies the rendered
      // Response's statusText, which stays "OK" when a page sets only its status (a form's 400).
      res.statusMessage = STATUS_CODES[res.statusCode] ?? res.statusMessage;
      const location = res.getHeader('location');
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (
        location !== undefined &&
        !isSafeLocalLocation(String(location)) &&
        !editor?.allowsLocation(path, String(location))
      ) {
        logger.error(
          { path: (req.url ?? '/').split('?')[0], status: res.statusCode },
          'refused to send a Location outside the site',
        );
        res.removeHeader('location');
        res.statusCode = 500;
      }
    });
    try {
      if (!hasOneHost(req)) return sendRefusal(req, res, 400, 'Bad request: more than one Host header');
      if (!hasValidHost(req)) return sendRefusal(req, res, 400, 'Bad request: the Host header is not a host name');
      const refusal = crossSiteRefusal(req);
      if (refusal) {
        logger.warn(
          { method: req.method, path: (req.url ?? '/').split('?')[0], reason: refusal },
          'cross-site request refused',
        );
        return sendRefusal(req, res, 403, CROSS_SITE_MESSAGE);
      }
      await route(req, res);
    } catch (error) {
      logger.error({ err: error, path: (req.url ?? '/').split('?')[0] }, 'request failed');
      sendServerError(res);
    }
  }

  /** Serves another build from the next request on (requests in flight finish on the one they began with). */
  function setBuild(build: Pick<AppDependencies, 'assets' | 'astro' | 'security'>) {
    ({ assets, astro, security } = build);
    notFound = assets.get('/404');
  }

  return { handle, setBuild };
}
