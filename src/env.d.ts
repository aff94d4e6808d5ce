/// <reference types="astro/client" />

declare namespace App {
  /** What our Node server hands to on-demand pages (see src/server/main.ts). */
  interface Locals {
    /** The outcome of a no-JavaScript waiting-list post that did not succeed, rendered by /waitlist. */
    waitlistForm?: import('./lib/waitlist/api.ts').WaitlistFormState;
  }
}

declare namespace Astro {
  /** The site's own hydration directives (src/islands/directives, registered in astro.config.mjs). */
  interface ClientDirectives {
    /** Hydrate on the first pointer, touch, focus or key; the value selects outside triggers to replay. */
    'client:interaction'?: string | boolean;
    /** Hydrate after the first paint, when idle (or on first interaction). */
    'client:afterpaint'?: string | boolean;
  }
}

/** Where the editor saves, chosen by the build's CMS_MODE (src/build/cms-editor.mjs). */
declare module 'virtual:humanwise-cms-storage' {
  const storage: import('./cms/config.ts').CmsStorage;
  export default storage;
}
