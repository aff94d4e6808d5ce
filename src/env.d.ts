/// <reference types="astro/client" />

declare namespace App {
  /** What our Node server hands to on-demand pages (see src/server/main.ts). */
  interface Locals {
    /** The outcome of a no-JavaScript waiting-list post, rendered by /waitlist. */
    waitlistForm?: import('./server/api/waitlist.ts').WaitlistFormState;
    waitlistStatus?: number;
  }
}
