import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import compression from 'compression';
import type { Logger } from 'pino';
import { applySecurityHeaders, contentSecurityPolicy, type SecurityHeaderOptions } from './http/security-headers.ts';
import { negotiateEncoding, type StaticAsset } from './http/static-files.ts';

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
  health: () => Promise<boolean>;
  security: SecurityHeaderOptions;
  logger: Logger;
  /** Lets the tests reach /diagnostics/render-failure, which exists only to prove the 500 page. */
  enableFailureRoute?: boolean;
}

const FAILURE_ROUTE = '/diagnostics/render-failure';

/** Shown when even the error page cannot be rendered. */
const lastResortErrorPage =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Unexpected error</title>' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>' +
  '<main><h1>Unexpected Application Error!</h1><p>Something went wrong on our side. Please try again in a moment.</p>' +
  '<p><a href="/">Return to Home</a></p></main></body></html>';

/** Each built page's policy, allowing exactly its own inline scripts; written once per page. */
const pagePolicies = new WeakMap<StaticAsset, string>();
function pagePolicy(asset: StaticAsset, scriptHashes: readonly string[]): string {
  let policy = pagePolicies.get(asset);
  if (policy === undefined) {
    policy = contentSecurityPolicy({ scriptHashes });
    pagePolicies.set(asset, policy);
  }
  return policy;
}

function sendAsset(req: IncomingMessage, res: ServerResponse, asset: StaticAsset, status = 200) {
  res.setHeader('Content-Type', asset.contentType);
  // A built page allows exactly its own inline scripts (a shorter header, and a tighter policy).
  if (asset.scriptHashes) res.setHeader('Content-Security-Policy', pagePolicy(asset, asset.scriptHashes));
  res.setHeader('Cache-Control', status === 200 ? asset.cacheControl : 'no-store');
  res.setHeader('Vary', 'Accept-Encoding');
  if (status === 200) {
    res.setHeader('ETag', asset.etag);
    if (req.headers['if-none-match'] === asset.etag) {
      res.writeHead(304).end();
      return;
    }
  }
  const { body, encoding } = negotiateEncoding(asset, req.headers['accept-encoding']);
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.writeHead(status);
  res.end(req.method === 'HEAD' ? undefined : body);
}

export function createApp(deps: AppDependencies) {
  const { assets, astro, api, formPosts = {}, health, security, logger, enableFailureRoute = false } = deps;
  const notFound = assets.get('/404');

  function sendNotFound(req: IncomingMessage, res: ServerResponse) {
    if (notFound) sendAsset(req, res, notFound, 404);
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
  const compress = compression({ threshold: 1024 });

  /** Hands a request to Astro; resolves once the response is finished. */
  function renderWithAstro(req: IncomingMessage, res: ServerResponse, locals: Record<string, unknown> = {}) {
    return new Promise<void>((resolve) => {
      res.once('close', resolve);
      res.setHeader('Cache-Control', 'no-cache');
      compress(req as never, res as never, () => renderCompressed(req, res, locals));
    });
  }

  function renderCompressed(req: IncomingMessage, res: ServerResponse, locals: Record<string, unknown>) {
    const fail = (error: unknown) => {
      logger.error({ err: error, path: req.url }, 'render failed');
      sendServerError(res);
    };
    astro(req, res, (error) => (error ? fail(error) : sendNotFound(req, res)), locals).catch(fail);
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;

    if (path === '/healthz') {
      const ok = await health().catch(() => false);
      res.writeHead(ok ? 200 : 503, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ status: ok ? 'ok' : 'unavailable' }));
      return;
    }

    if (path === FAILURE_ROUTE && !enableFailureRoute) return sendNotFound(req, res);

    const formPost = formPosts[path];
    if (formPost && req.method === 'POST') return formPost(req, res, (locals) => renderWithAstro(req, res, locals));

    const apiHandler = api[path];
    if (apiHandler) return apiHandler(req, res);
    if (path.startsWith('/api/')) {
      res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ status: 'error', message: 'Not found' }));
      return;
    }

    if (req.method === 'GET' || req.method === 'HEAD') {
      if (path.length > 1 && path.endsWith('/')) {
        res.writeHead(301, { Location: path.replace(/\/+$/, '') + url.search }).end();
        return;
      }
      const asset = assets.get(path);
      if (asset && path !== '/404') return sendAsset(req, res, asset);
    }
    return renderWithAstro(req, res);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const started = performance.now();
    res.once('finish', () => {
      // One line per request; never the query string or body, which may carry personal data.
      logger.info({
        method: req.method,
        path: (req.url ?? '/').split('?')[0],
        status: res.statusCode,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      });
    });
    applySecurityHeaders(res, security);
    try {
      await route(req, res);
    } catch (error) {
      logger.error({ err: error, path: (req.url ?? '/').split('?')[0] }, 'request failed');
      sendServerError(res);
    }
  }

  return { handle };
}
