/**
 * The signed webhook: Standard Webhooks (https://www.standardwebhooks.com), signed with its
 * reference library. `webhook-id` is the delivery id, the same on every retry, so a receiver can
 * drop a repeat; `webhook-timestamp` and the signature are made afresh for each attempt, since
 * verifiers reject old timestamps. The URL comes from the settings only, never from a request.
 */
import { Webhook } from 'standardwebhooks';
import type { StoredLead } from '../leads/types.ts';
import { DeliveryError } from './delivery-error.ts';

export interface WebhookRequest {
  body: string;
  headers: Record<string, string>;
}

/** The JSON body: `{ type, timestamp, data }`, data being the stored lead as the export has it. */
function webhookBody(lead: StoredLead): string {
  return JSON.stringify({ type: 'lead.created', timestamp: lead.createdAt, data: lead });
}

export function signWebhook(secret: string, deliveryId: string, lead: StoredLead, at: Date): WebhookRequest {
  return signWebhookBody(secret, deliveryId, webhookBody(lead), at);
}

/** Any event's body (a lead, or a `lead.delivery_failed` notice), signed for one attempt. */
export function signWebhookBody(secret: string, deliveryId: string, body: string, at: Date): WebhookRequest {
  const signature = new Webhook(secret).sign(deliveryId, at, body);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': deliveryId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    },
  };
}

/**
 * The most of a receiver's answer we read. Only its status matters; a receiver answering 200 with
 * a 1.5 GB body took the server from 190 MiB to 4.8 GiB when the whole body was read.
 */
export const MAX_RESPONSE_BYTES = 64 * 1024;

/** Reads and drops up to `limit` bytes of the body; past that, cancels it (closing the connection). */
async function discardAtMost(response: Response, limit: number): Promise<void> {
  const reader = response.body?.getReader();
  if (!reader) return;
  let read = 0;
  try {
    while (read <= limit) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
  } catch {
    // A body that fails mid-way changes nothing: the status has arrived.
    return;
  }
  await reader.cancel().catch(() => undefined);
}

/** POSTs once. Resolves on 2xx; anything else (3xx included: redirects are not followed) throws. */
export async function postWebhook(url: string, request: WebhookRequest, timeoutMs: number): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const name = (error as Error).name;
    throw new DeliveryError(
      name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `request failed (${cause ?? name})`,
    );
  }
  // Read (and drop) a short body so the connection can be reused; stop at 64 KB and hang up.
  await discardAtMost(response, MAX_RESPONSE_BYTES);
  if (response.status < 200 || response.status > 299) throw new DeliveryError(`HTTP ${response.status}`);
}
