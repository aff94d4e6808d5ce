import { useCallback, useEffect, useRef, useState } from 'react';
import { CloseButton } from '../../components/ui/CloseButton.tsx';
import { afterNextFrame } from '../scheduling.ts';

/**
 * The waiting list's success toast, as decisions.md has toasts: bottom-right, one at a time, five
 * seconds, announced to screen readers; as sonner's were, it waits while pointed at or focused, and
 * Alt+T takes focus to it. Written here rather than taken from sonner, which it replaced: sonner
 * renders a toast transparent and shows it once an effect has marked it mounted, a frame later, and
 * sonner itself (8 KB gzip) had to be loaded, run and restyle the page while the dialog was open.
 * With it, the page's own part of Submit to the success message was 2.5 times a tap's 100 ms on a
 * phone at 4x CPU; this one is visible in the first frame after the server's answer
 * (docs/history/performance.md, "The success message in the answer's frame").
 *
 * Its live region is on the page, empty, from the start, so screen readers announce what comes
 * into it. A message shown while a modal dialog is open (the wizard shows it in the frame before it
 * closes) is inert, so hidden from them, however visible: it is put in again once that dialog has
 * closed and a frame has passed, when the region is theirs again, and announced then.
 */
interface SuccessMessage {
  title: string;
  description: string;
}

interface Shown extends SuccessMessage {
  /** Which message this is: a new one restarts the time shown. */
  id: number;
  /** Changed to put the message in again (above), the same words in new nodes. */
  announced: number;
}

const SHOWN_MS = 5000;
const TOAST_CLASSES =
  'success-toast theme-night fixed inset-x-4 bottom-4 z-50 ml-auto flex max-w-sm items-start gap-3 rounded-card border border-night-line p-5 shadow-dialog sm:right-6 sm:bottom-6';

/** The mounted toaster's setter. */
const listeners = new Set<(message: SuccessMessage) => void>();
let count = 0;

/** Shows the message in the mounted toaster, replacing any shown. */
export function showSuccessToast(title: string, description: string): void {
  for (const show of listeners) show({ title, description });
}

export function SuccessToaster() {
  const [toast, setToast] = useState<Shown | null>(null);
  const [paused, setPaused] = useState(false);
  const toastRef = useRef<HTMLDivElement>(null);
  // Where focus was before Alt+T took it to the toast: it goes back there when the toast goes.
  const focusedBefore = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const show = (message: SuccessMessage) => {
      count += 1;
      const id = count;
      setToast({ ...message, id, announced: id });
      const modal = document.querySelector('dialog:modal');
      if (!modal) return;
      const announce = () => {
        count += 1;
        const announced = count;
        setToast((current) => (current?.id === id ? { ...current, announced } : current));
      };
      modal.addEventListener('close', () => afterNextFrame(announce), { once: true });
    };
    listeners.add(show);
    return () => {
      listeners.delete(show);
    };
  }, []);

  /** Fades the toast out (at once where motion is reduced), unless another has replaced it meanwhile. */
  const hide = useCallback((id: number) => {
    const element = toastRef.current;
    const gone = () => {
      if (element?.contains(document.activeElement) && focusedBefore.current?.isConnected)
        focusedBefore.current.focus();
      focusedBefore.current = null;
      setPaused(false);
      setToast((current) => (current?.id === id ? null : current));
    };
    if (!element?.animate || matchMedia('(prefers-reduced-motion: reduce)').matches) {
      gone();
      return;
    }
    element
      .animate([{ opacity: 1 }, { opacity: 0, translate: '0 0.5rem' }], { duration: 150, easing: 'ease-in' })
      .finished.then(gone, gone);
  }, []);

  const shownId = toast?.id;
  useEffect(() => {
    if (shownId === undefined || paused) return;
    const timer = setTimeout(() => hide(shownId), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [shownId, paused, hide]);

  const shown = shownId !== undefined;
  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.code !== 'KeyT') return;
      event.preventDefault();
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && !toastRef.current?.contains(focused)) focusedBefore.current = focused;
      // Ringed as by Tab, whatever moved focus before (a pointer, say): a key took it there.
      toastRef.current?.focus({ focusVisible: true });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shown]);

  return (
    // Classes only when shown: empty, it is a block of no height, and its live region is there first.
    // biome-ignore lint/a11y/noStaticElementInteractions: pointing at it or focusing it only holds its time, as sonner's toasts did; not a control
    <div
      ref={toastRef}
      className={toast ? TOAST_CLASSES : undefined}
      // Alt+T focuses it; Tab then reaches its close button.
      tabIndex={toast ? -1 : undefined}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <div role="status" className="flex-1">
        {toast ? (
          <div key={toast.announced}>
            <p className="font-semibold">{toast.title}</p>
            <p className="mt-1 text-sm text-on-night-muted">{toast.description}</p>
          </div>
        ) : null}
      </div>
      {toast ? <CloseButton onClick={() => hide(toast.id)} /> : null}
    </div>
  );
}
