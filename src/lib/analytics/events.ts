/**
 * The visitor funnel's events, named once for the islands, the page script and the server. Browser
 * safe (no imports). An island calls `track()`; when the page reports to an analytics service
 * (the build put `data-analytics-provider` on <html>, from PUBLIC_ANALYTICS_PROVIDER), the event
 * is queued for src/lib/analytics/sender.ts (started after the first paint) to send. Without
 * a service, `track()` does nothing at all.
 *
 * Props carry the program, the step and the Results category only: never a name, an address, a
 * company or anything a visitor typed.
 */
export const analyticsEvents = {
  waitlistOpened: 'Waiting list opened',
  waitlistStep: 'Waiting list step',
  waitlistSubmitted: 'Waiting list submitted',
  waitlistStored: 'Waiting list stored',
  scheduleCall: 'Schedule a Call',
  resultsFilter: 'Results filter',
  /** Sent by the server for each stored lead, so an ad blocker cannot hide a conversion. */
  leadStored: 'Lead stored',
} as const;

export type AnalyticsEventName = (typeof analyticsEvents)[keyof typeof analyticsEvents];

export interface AnalyticsProps {
  /** A program's slug (the page the waiting list was opened from). */
  program?: string | null | undefined;
  /** The waiting-list step reached, 1 to 5. */
  step?: number | undefined;
  /** The Results filter's category. */
  category?: string | undefined;
}

export interface QueuedEvent {
  name: AnalyticsEventName;
  props: Record<string, string>;
}

/** The attribute on <html> that says which service the page reports to (absent: none). */
export const ANALYTICS_PROVIDER_ATTRIBUTE = 'data-analytics-provider';
/**
 * Each service's public events API, on its origin: the browser's sender (page views, the funnel) and
 * the server (each stored lead) post there.
 */
export const ANALYTICS_EVENTS_PATH = { plausible: '/api/event', umami: '/api/send' } as const;
/** Dispatched on document when an event is queued, so a loaded sender picks it up at once. */
export const ANALYTICS_QUEUED = 'humanwise:analytics';

/** Only the three allowed props, as strings; anything else is dropped here, not trusted to callers. */
export function analyticsProps({ program, step, category }: AnalyticsProps): Record<string, string> {
  const props: Record<string, string> = {};
  if (program) props.program = program;
  if (step !== undefined) props.step = String(step);
  if (category) props.category = category;
  return props;
}

type QueueHolder = { __humanwiseAnalytics?: QueuedEvent[] };

/** Events queued so far, removed from the queue. */
export function takeQueuedEvents(): QueuedEvent[] {
  const holder = globalThis as QueueHolder;
  return holder.__humanwiseAnalytics?.splice(0) ?? [];
}

/** Counts one funnel event, when the page reports to an analytics service; otherwise nothing. */
export function track(name: AnalyticsEventName, props: AnalyticsProps = {}): void {
  if (typeof document === 'undefined' || !document.documentElement.hasAttribute(ANALYTICS_PROVIDER_ATTRIBUTE)) return;
  const holder = globalThis as QueueHolder;
  holder.__humanwiseAnalytics ??= [];
  holder.__humanwiseAnalytics.push({ name, props: analyticsProps(props) });
  document.dispatchEvent(new Event(ANALYTICS_QUEUED));
}
