/**
 * POST /waitlist, the no-JavaScript form posting to its own page: decode (urlencoded) -> submit ->
 * a 303 See Other to /waitlist/joined on success (a reload never sends it again), or the /waitlist
 * page rendered by Astro from this same, unmodified request with the outcome in `locals`, which
 * shows the errors in place with the right status.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { routes } from '../../config/routes.ts';
import { WAITLIST_KEY_CONFLICT_MESSAGE, type WaitlistFormState } from '../../lib/waitlist/api.ts';
import { decodeWaitlist, type WaitlistCandidate } from './decode.ts';
import { waitlistApiMessages as M } from './messages.ts';
import { clientOf, endConnection, logWaitlist, retryAfter, type WaitlistRouteDeps } from './respond-shared.ts';

/** Renders the requested page with these locals (src/server/app.ts hands it over). */
export type RenderPage = (locals: { waitlistForm: WaitlistFormState }) => Promise<void>;

/** The form again: what the visitor entered, the messages, and the key a corrected post dedupes with. */
function formState(
  status: number,
  errors: WaitlistFormState['errors'],
  candidate: WaitlistCandidate | undefined,
  keepKey: boolean,
): WaitlistFormState {
  return {
    status,
    errors,
    values: candidate?.entered ?? {},
    idempotencyKey: (keepKey && candidate?.idempotencyKey) || randomUUID(),
    program: candidate?.program ?? null,
  };
}

export function createWaitlistFormHandler(deps: WaitlistRouteDeps) {
  return async (req: IncomingMessage, res: ServerResponse, renderPage: RenderPage): Promise<void> => {
    const decoded = await decodeWaitlist(req, 'form', deps);
    if (!decoded.ok) {
      const { rejection } = decoded;
      logWaitlist(deps, rejection, rejection.status);
      if (!endConnection(req, res, rejection.connection)) return;
      await renderPage({
        waitlistForm: formState(rejection.status, { form: rejection.message }, rejection.partial, false),
      });
      return;
    }

    const { candidate } = decoded;
    const outcome = await deps.submit(candidate, clientOf(req, deps));
    const render = (status: number, errors: WaitlistFormState['errors'], keepKey = true) => {
      logWaitlist(deps, outcome, status);
      return renderPage({ waitlistForm: formState(status, errors, candidate, keepKey) });
    };
    switch (outcome.kind) {
      case 'stored':
      case 'duplicate':
      case 'honeypot': {
        logWaitlist(deps, outcome, 303);
        const location = routes.waitlistJoined({ program: outcome.program });
        res.writeHead(303, { Location: location, 'Cache-Control': 'no-store' }).end();
        return;
      }
      case 'invalid':
        return render(400, outcome.errors);
      case 'key_conflict':
        // A fresh key: sending the form again stores these answers as a new submission.
        return render(422, { form: WAITLIST_KEY_CONFLICT_MESSAGE }, false);
      case 'rate_limited':
        res.setHeader('Retry-After', retryAfter(outcome.retryAfterSeconds));
        return render(429, { form: M.rateLimited });
      case 'store_error':
        return render(503, { form: M.storeFailed });
    }
  };
}
