/**
 * The configured channels and how each sends one delivery. Every channel is off until its
 * settings are present (see src/server/settings.ts).
 */
import nodemailer from 'nodemailer';
import type { DeliveryChannel, StoredLead } from '../leads/types.ts';
import { DeliveryError } from './delivery-error.ts';
import { buildTeamEmail, type MailMessage } from './team-email.ts';
import { buildVisitorEmail } from './visitor-email.ts';
import { postWebhook, signWebhook, signWebhookBody } from './webhook.ts';
import {
  buildDeadDeliveryEmail,
  type DeadDelivery,
  deadDeliveryWebhookBody,
  noticeChannel,
  noticeId,
} from './dead-delivery-notice.ts';

export interface ChannelSettings {
  SMTP_URL?: string | undefined;
  LEADS_NOTIFY_EMAIL?: string[] | undefined;
  LEADS_FROM_EMAIL?: string | undefined;
  LEADS_WEBHOOK_URL?: string | undefined;
  LEADS_WEBHOOK_SECRET?: string | undefined;
  LEADS_CONFIRM_VISITOR?: boolean;
}

export interface SiteFacts {
  companyName: string;
  contactEmail: string;
  siteUrl: string;
}

export interface Channels {
  /** The channels each new lead is queued for. Empty: leads are stored and nobody is told. */
  enabled: DeliveryChannel[];
  /** Sends one delivery; resolves when the receiver accepted it, throws a DeliveryError otherwise. */
  send(channel: DeliveryChannel, deliveryId: string, lead: StoredLead, at: Date): Promise<void>;
  /**
   * Tells the team through the other channel that `dead` died (dead-delivery-notice.ts); resolves
   * with the channel used, or undefined when there is no other one. Throws a DeliveryError.
   */
  notifyDead(dead: DeadDelivery, at: Date): Promise<'team-email' | 'webhook' | undefined>;
  close(): void;
}

/**
 * An SMTP failure as a code and status, never its text: that can quote an address. With
 * `refusalIsFinal` (the visitor confirmation), a 5xx answer is permanent: the address was refused,
 * and anyone could otherwise raise the dead-delivery alarm by giving a bad one.
 */
function smtpError(error: unknown, refusalIsFinal: boolean): DeliveryError {
  const e = error as { code?: string; responseCode?: number; name?: string };
  const permanent =
    refusalIsFinal && typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
  return new DeliveryError(`SMTP ${[e.code, e.responseCode].filter(Boolean).join(' ') || e.name || 'error'}`, {
    permanent,
  });
}

/** The channels these settings turn on; the server queues each new lead for every one of them. */
export function enabledChannels(settings: ChannelSettings): DeliveryChannel[] {
  const enabled: DeliveryChannel[] = [];
  if (settings.SMTP_URL && settings.LEADS_NOTIFY_EMAIL?.length) enabled.push('team-email');
  if (settings.LEADS_WEBHOOK_URL && settings.LEADS_WEBHOOK_SECRET) enabled.push('webhook');
  if (settings.SMTP_URL && settings.LEADS_CONFIRM_VISITOR) enabled.push('visitor-email');
  return enabled;
}

export function createChannels(settings: ChannelSettings, site: SiteFacts, sendTimeoutMs: number): Channels {
  const enabled = enabledChannels(settings);

  const transport = settings.SMTP_URL
    ? nodemailer.createTransport({
        url: settings.SMTP_URL,
        connectionTimeout: sendTimeoutMs,
        greetingTimeout: sendTimeoutMs,
        socketTimeout: sendTimeoutMs,
      } as Parameters<typeof nodemailer.createTransport>[0])
    : undefined;
  const from = settings.LEADS_FROM_EMAIL ?? site.contactEmail;

  async function mail(message: MailMessage, { refusalIsFinal = false } = {}): Promise<void> {
    if (!transport) throw new DeliveryError('SMTP_URL is not set');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        transport.sendMail(message),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new DeliveryError(`no answer within ${sendTimeoutMs} ms`)), sendTimeoutMs);
        }),
      ]);
    } catch (error) {
      throw error instanceof DeliveryError ? error : smtpError(error, refusalIsFinal);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    enabled,
    async send(channel, deliveryId, lead, at) {
      switch (channel) {
        case 'team-email':
          return mail(
            buildTeamEmail(lead, {
              from,
              to: settings.LEADS_NOTIFY_EMAIL ?? [],
              siteUrl: site.siteUrl,
              companyName: site.companyName,
              deliveryId,
            }),
          );
        case 'visitor-email':
          return mail(
            buildVisitorEmail(lead, {
              from,
              contactEmail: site.contactEmail,
              siteUrl: site.siteUrl,
              companyName: site.companyName,
              deliveryId,
            }),
            { refusalIsFinal: true },
          );
        case 'webhook': {
          if (!settings.LEADS_WEBHOOK_URL || !settings.LEADS_WEBHOOK_SECRET) {
            throw new DeliveryError('LEADS_WEBHOOK_URL is not set');
          }
          const request = signWebhook(settings.LEADS_WEBHOOK_SECRET, deliveryId, lead, at);
          return postWebhook(settings.LEADS_WEBHOOK_URL, request, sendTimeoutMs);
        }
      }
    },
    async notifyDead(dead, at) {
      const via = noticeChannel(dead.channel, enabled);
      if (via === 'team-email') {
        const to = settings.LEADS_NOTIFY_EMAIL ?? [];
        await mail(buildDeadDeliveryEmail(dead, { from, to, companyName: site.companyName }));
      } else if (via === 'webhook' && settings.LEADS_WEBHOOK_URL && settings.LEADS_WEBHOOK_SECRET) {
        const request = signWebhookBody(
          settings.LEADS_WEBHOOK_SECRET,
          noticeId(dead),
          deadDeliveryWebhookBody(dead, at),
          at,
        );
        await postWebhook(settings.LEADS_WEBHOOK_URL, request, sendTimeoutMs);
      }
      return via;
    },
    close() {
      transport?.close();
    },
  };
}
