/** Why the Point of View feed could not be loaded; useful in logs, never shown to visitors. */
export type FeedErrorCode = 'timeout' | 'http' | 'too_large' | 'unreachable' | 'refused' | 'redirects' | 'invalid';

/**
 * A failure to load or read the Point of View feed. `message` is fit for visitors: the API sends it
 * to the page, which shows it in place of the article list.
 */
export class FeedError extends Error {
  readonly code: FeedErrorCode;

  constructor(code: FeedErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FeedError';
    this.code = code;
  }
}

export const FEED_MESSAGES = {
  timeout: 'The blog feed did not answer in time.',
  http: 'The blog feed answered with an error.',
  too_large: 'The blog feed is too large.',
  unreachable: 'The blog feed could not be reached.',
  // A private or non-http(s) address, or a redirect to one: said to visitors like any unreachable host.
  refused: 'The blog feed could not be reached.',
  redirects: 'The blog feed redirects too many times.',
  invalid: 'The blog feed could not be read.',
} as const satisfies Record<FeedErrorCode, string>;

export function feedError(code: FeedErrorCode, cause?: unknown): FeedError {
  return new FeedError(code, FEED_MESSAGES[code], cause === undefined ? undefined : { cause });
}
