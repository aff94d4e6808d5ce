import { type CSSProperties, useEffect, useState } from 'react';
import { CloseButton } from '../../components/ui/CloseButton.tsx';

/**
 * The waiting list's success toast (sonner), loaded once the dialog is open. Sonner was about a
 * quarter of the wizard's code (8 KB of its 36 KB gzip), and as it loads it puts a stylesheet of its
 * own into the page, which restyles the page: loaded with the wizard, it arrived, ran and rendered
 * its toaster on every program page before anyone had opened the dialog, in the idle moments after
 * the load in which a visitor's first tap on Join can come (docs/history/performance.md, "A fast
 * morning"). Loaded as the answers were sent, it came over a phone's network no sooner than the
 * server's answer, and the success message waited for it to arrive and run. Loaded once the dialog
 * is open and the browser idle, it runs while the visitor fills the first step (about 30 ms of the
 * main thread at 4x CPU, its restyle included), and no tap was measured slower for it
 * (docs/history/performance.md, "Submit to the success message").
 *
 * The toaster is mounted, empty, before its message is added: a toast asked for before it listens
 * is kept by sonner and replayed to it once it subscribes, in its effect after that first render, so
 * its live region is on the page when the message comes and screen readers announce it.
 *
 * A lead is stored before its toast is shown, and the dialog closes as it is: where sonner cannot be
 * loaded (the connection dropped as the answer came back, and asking again failed too), the visitor
 * would see the dialog go with no word that their answers arrived. The same message is then shown
 * without sonner, in a status region of our own that is always on the page.
 */
type Sonner = typeof import('sonner');

interface SuccessMessage {
  title: string;
  description: string;
}

const TOAST_THEME = {
  '--normal-bg': 'var(--color-night)',
  '--normal-text': 'var(--color-on-night)',
  '--normal-border': 'var(--color-night-line)',
  '--border-radius': 'var(--radius-card)',
  // The focus ring of night surfaces (.theme-night), for the toast and its close button: the page's
  // own, dark violet, hardly shows on the night toast. (The toast's ring: src/styles/global.css.)
  '--ring': 'var(--color-violet)',
  fontFamily: 'inherit',
} as CSSProperties;

let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
/** The mounted toaster's setter, told when sonner arrives. */
const arrivals = new Set<(module: Sonner) => void>();
/** The mounted toaster's setter, told the message sonner could not be loaded to show. */
const unloaded = new Set<(message: SuccessMessage) => void>();

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

/** Starts loading sonner; called once the dialog is open and the browser idle, and again as the answers are sent. */
export function loadSuccessToast(): void {
  void loadSonner().catch(() => {});
}

/** Shows the success toast, loading sonner first where it has not arrived yet (or trying again). */
export function showSuccessToast(title: string, description: string): void {
  loadSonner().then(
    ({ toast }) => toast.success(title, { description }),
    () => {
      for (const show of unloaded) show({ title, description });
    },
  );
}

/**
 * Where the toasts appear: sonner's toaster once it has arrived, and the status region that shows
 * a message sonner could not be loaded for, in the toast's place and colours, until it is closed.
 */
export function SuccessToaster() {
  const [module, setModule] = useState(sonner);
  const [fallback, setFallback] = useState<SuccessMessage | null>(null);
  useEffect(() => {
    if (module) return;
    arrivals.add(setModule);
    return () => {
      arrivals.delete(setModule);
    };
  }, [module]);
  useEffect(() => {
    unloaded.add(setFallback);
    return () => {
      unloaded.delete(setFallback);
    };
  }, []);
  return (
    <>
      {module ? <SonnerToaster module={module} /> : null}
      {/* Classes only when shown: empty, it is a block of no height, and its live region is there first. */}
      <div
        className={
          fallback
            ? 'theme-night fixed inset-x-4 bottom-4 z-50 ml-auto flex max-w-sm items-start gap-3 rounded-card border border-night-line p-5 shadow-dialog'
            : undefined
        }
      >
        <div role="status" className="flex-1">
          {fallback ? (
            <>
              <p className="font-semibold">{fallback.title}</p>
              <p className="mt-1 text-sm text-on-night-muted">{fallback.description}</p>
            </>
          ) : null}
        </div>
        {fallback ? <CloseButton onClick={() => setFallback(null)} /> : null}
      </div>
    </>
  );
}

function SonnerToaster({ module: { Toaster } }: { module: Sonner }) {
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
