import { type CSSProperties, useEffect, useState } from 'react';

/**
 * The waiting list's success toast (sonner), loaded when the answers are sent. Sonner was about a
 * quarter of the wizard's code (8 KB of its 36 KB gzip), and as it loads it puts a stylesheet of its
 * own into the page, which restyles the whole page: loaded with the wizard, it arrived, ran and
 * rendered its toaster on every program page before anyone had opened the dialog, in the idle
 * moments after the load in which a visitor's first tap on Join can come (docs/history/performance.md,
 * "A fast morning"). Nothing shows a toast before a lead is stored: sonner comes over the network
 * beside the answers, and is there when the server's answer is. Loaded any earlier (when the dialog
 * opens, say), its restyle would meet the visitor's typing and their taps on Next.
 *
 * The toaster is mounted, empty, before its message is added: a toast asked for before it listens
 * is kept by sonner and replayed to it once it subscribes, in its effect after that first render, so
 * its live region is on the page when the message comes and screen readers announce it.
 */
type Sonner = typeof import('sonner');

const TOAST_THEME = {
  '--normal-bg': 'var(--color-night)',
  '--normal-text': 'var(--color-on-night)',
  '--normal-border': 'var(--color-night-line)',
  '--border-radius': 'var(--radius-card)',
  fontFamily: 'inherit',
} as CSSProperties;

let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
/** The mounted toaster's setter, told when sonner arrives. */
const arrivals = new Set<(module: Sonner) => void>();

function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (module) => {
      sonner = module;
      for (const arrived of arrivals) arrived(module);
      return module;
    },
    (error: unknown) => {
      // Offline, say: the next call tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Starts loading sonner; called as the answers are sent. */
export function loadSuccessToast(): void {
  void loadSonner().catch(() => {});
}

/** Shows the success toast, loading sonner first where it has not arrived yet. */
export function showSuccessToast(title: string, description: string): void {
  loadSonner().then(
    ({ toast }) => toast.success(title, { description }),
    () => {},
  );
}

/** Where the toasts appear: nothing until sonner has arrived, then its toaster. */
export function SuccessToaster() {
  const [module, setModule] = useState(sonner);
  useEffect(() => {
    if (module) return;
    arrivals.add(setModule);
    return () => {
      arrivals.delete(setModule);
    };
  }, [module]);
  if (!module) return null;
  const { Toaster } = module;
  return (
    <Toaster
      position="bottom-right"
      visibleToasts={1}
      duration={5000}
      closeButton
      // The library's light theme is plain white. Its dark theme (light description text) with its
      // colour variables set to the brand's night surface, inline so they win over the theme's own.
      theme="dark"
      style={TOAST_THEME}
    />
  );
}
