/**
 * A delivery that failed in a way worth retrying (a refused connection, a timeout, a non-2xx
 * answer, an SMTP error), thrown by every channel: the webhook, the team e-mail and the visitor
 * confirmation. Its message is what `leads:deliveries` shows as the last error, so it names the
 * cause (`HTTP 503`, `SMTP EAUTH 535`) and never a lead's data.
 */
export class DeliveryError extends Error {
  /**
   * The receiver refused for good (an SMTP 5xx for a visitor confirmation: no such mailbox, a
   * policy refusal): the delivery is recorded as refused and never retried.
   */
  readonly permanent: boolean;
  constructor(message: string, { permanent = false }: { permanent?: boolean } = {}) {
    super(message);
    this.name = 'DeliveryError';
    this.permanent = permanent;
  }
}
