/**
 * What the waiting-list endpoints say when they turn a submission away. The field messages live
 * with the rules in src/lib/waitlist/schema.ts; these are about the request as a whole.
 */
export const waitlistApiMessages = {
  methodNotAllowed: 'Use POST to join the waiting list.',
  unsupportedType: 'Send the form as application/json or application/x-www-form-urlencoded (UTF-8).',
  tooLarge: 'The request body is too large.',
  timeout: 'The request body took too long to arrive.',
  aborted: 'The request body could not be read.',
  malformedJson: 'The request body is not valid JSON.',
  notObject: 'The request body must be a JSON object.',
  forbiddenKey: 'The request contains a field name that is not allowed.',
  unknownFields: 'The request contains fields this form does not accept',
  wrongType: 'The request contains a value of the wrong type',
  badProgram: 'The program must be a page slug of lowercase letters, digits and hyphens.',
  badIdempotencyKey: 'The Idempotency-Key header must be 8 to 128 letters, digits, hyphens or underscores.',
  invalid: 'Please correct the highlighted fields.',
  rateLimited: 'Too many submissions. Please try again in a few minutes.',
  storeFailed: 'We could not save your details just now. Please try again in a moment.',
  unexpected: 'Something went wrong on our side. Please try again in a moment.',
  // Shown on the no-JavaScript page under the `form` key.
  formUnreadable: 'We could not read your submission. Please check your answers and send the form again.',
  formTooLarge: 'Your answers are too long to send. Please shorten them and try again.',
  formTimeout: 'Your answers took too long to arrive. Please send the form again.',
} as const;
