/**
 * What the server answers a waiting-list submission with, shared by the server
 * (src/server/waitlist/respond-*.ts) and its two clients: the wizard's `submitLead` and the
 * no-JavaScript /waitlist page. Browser-safe (zod/mini only): the wizard parses replies with it.
 */
import * as z from 'zod/mini';
import { routes } from '../../config/routes.ts';
import { waitlistFields, type WaitlistErrors } from './schema.ts';

/** The wizard posts JSON here. */
export const WAITLIST_API_PATH = '/api/waitlist';
/**
 * How long the wizard waits for the server's answer before saying so and offering to send again.
 * The server itself answers within about 6 s even when its store stalls (a pooled connection is
 * waited for 5 s, then 503); the rest is for a slow phone network. Sending again is safe: the same
 * idempotency key stores one lead, even if the first request did arrive.
 */
export const WAITLIST_SUBMIT_TIMEOUT_MS = 15_000;
/** The no-JavaScript form posts to its own page (and ends on routes.waitlistJoined, 303 See Other). */
export const WAITLIST_FORM_PATH = routes.waitlist();

/**
 * The answer (422) when an idempotency key that already stored a lead comes back with different
 * answers: the first lead is kept, and nothing is silently dropped. The wizard never meets it in
 * normal use (it makes a new key when an answer changes after a failed send); the plain form gets
 * a fresh key with it, so sending again stores the new answers.
 */
export const WAITLIST_KEY_CONFLICT_MESSAGE =
  'We already have a submission from this form with different answers, and we kept those. ' +
  'To send these answers instead, submit the form again.';

/** The body of every answer from POST /api/waitlist. */
export const waitlistResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok'), id: z.string() }),
  z.object({
    status: z.literal('error'),
    message: z.string(),
    /** Per-field messages, present when the answers did not validate (400). */
    errors: z.optional(z.partialRecord(z.enum(waitlistFields), z.string())),
  }),
]);
export type WaitlistResponse = z.infer<typeof waitlistResponseSchema>;

/** What the visitor entered in the plain form, as entered (texts, ticked options, the checkbox). */
export type WaitlistFormValues = Partial<Record<string, string | string[] | boolean>>;

/**
 * What the server hands the /waitlist page (as `Astro.locals.waitlistForm`) when a plain-form post
 * did not succeed: the page renders the form again with the errors in place.
 */
export interface WaitlistFormState {
  /** The HTTP status the page answers with (400, 413, 415, 429, 503...). */
  status: number;
  values: WaitlistFormValues;
  /** Per-field messages, plus `form` for a message about the whole form. */
  errors: WaitlistErrors & { form?: string };
  /** Goes into the form's hidden `idempotencyKey` field so a corrected resubmission is recognized. */
  idempotencyKey: string;
  program: string | null;
}
