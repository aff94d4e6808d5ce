/// <reference types="astro/client" />

declare namespace App {
  /** What our Node server hands to on-demand pages (see src/server/main.ts). */
  interface Locals {
    /** The outcome of a no-JavaScript waiting-list post that did not succeed, rendered by /waitlist. */
    waitlistForm?: import('./lib/waitlist/api.ts').WaitlistFormState;
    /**
     * The Point of View articles the server holds, for /pov to show in its first response (never
     * waits for the blog host; nothing when it holds no servable copy). Its `cached()`.
     */
    povArticles?: () => import('./lib/pov/types.ts').FeedArticle[] | undefined;
    /** The code of a built browser module by its URL path (`/_astro/…`), for styling its islands (src/middleware.ts). */
    builtScript?: (urlPath: string) => string | undefined;
    /** The server routed this request to the editor, after its own checks (src/server/cms/editor-routes.ts). */
    editorRequest?: boolean;
    /** The editor asks for a login on this server, so its header offers to log out (src/server/cms/editor-routes.ts). */
    editorLogin?: boolean;
    /** ENABLE_FAILURE_ROUTE: /diagnostics/render-failure fails on purpose; otherwise it is a 404 (src/server/app.ts). */
    failureRouteEnabled?: boolean;
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
