/**
 * The editor's API (/api/keystatic/*): Keystatic's own handler, after src/cms/check-save.ts has read
 * every content file of a save with the editor's rules (local mode). Only in builds with the editor.
 */
import { makeHandler } from '@keystatic/astro/api';
import type { APIRoute } from 'astro';
import config from '../../keystatic.config.ts';
import { checkSave } from './check-save.ts';
import { SAVE_PATH } from '../config/editor-paths.ts';

export const prerender = false;

const keystatic = makeHandler({ config });

export const ALL: APIRoute = async (context) => {
  const { request } = context;
  // Only as the server routed it, after its login (src/server/app.ts): not by another spelling of the path.
  if (!context.locals.editorRequest) return new Response(null, { status: 404 });
  if (request.method === 'POST' && new URL(request.url).pathname === SAVE_PATH) {
    // A copy of the request: Keystatic reads the original itself.
    const body: unknown = await request
      .clone()
      .json()
      .catch(() => null);
    const problem = await checkSave(config, body);
    if (problem)
      return new Response(problem, { status: 422, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  return keystatic(context);
};
