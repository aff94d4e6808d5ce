import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CloseButton } from '../../components/ui/CloseButton.tsx';
import { analyticsEvents, track } from '../../lib/analytics/events.ts';
import { IslandErrorBoundary } from '../IslandErrorBoundary.tsx';
import { afterNextFrame, whenIdle } from '../scheduling.ts';
import { showSuccessToast, SuccessToaster } from './SuccessToaster.tsx';
import { SHOWN_STEP_FIELD, SUCCESS_TEXT, SUCCESS_TITLE, WaitlistForm } from './WaitlistForm.tsx';

export interface WaitlistWizardProps {
  /** The program page this island sits on; a trigger's data-program overrides it. */
  program?: string;
}

interface Session {
  key: string;
  program: string | null;
}

const TRIGGER = '[data-waitlist-trigger]';

/**
 * Opens the dialog as a modal one, with focus on the shown step's first field. The field is marked
 * `autofocus`, which the dialog's own focusing steps honour: showModal alone focuses the Close
 * button, and focus then moved on to the field, so a screen reader could announce both. The
 * `focus()` after it is for where those steps are missing (jsdom). Set here, not rendered by the
 * form: the form is mounted while the dialog is closed, and React focuses an `autoFocus` field as
 * it mounts.
 */
function openModal(dialog: HTMLDialogElement) {
  const field = dialog.querySelector<HTMLElement>(SHOWN_STEP_FIELD);
  // Opened again on a later step (after a failed send), an earlier step's field is still marked.
  dialog.querySelector('[autofocus]')?.removeAttribute('autofocus');
  field?.setAttribute('autofocus', '');
  dialog.showModal();
  if (field && document.activeElement !== field) field.focus();
}

/**
 * Opens the dialog for a tap on Join in two steps, so that the frame after the tap shows it.
 *
 * 1. In the tap, the dialog is shown by its `open` attribute alone, which moves no focus and fires
 *    no event, as it will look once modal (`data-opening`, src/styles/global.css: placed and
 *    layered as the top layer would place it, the backdrop drawn as a shadow). Only the dialog's
 *    shown step is restyled.
 * 2. In the task after that frame, `openModal` above: the attribute is taken away first (which
 *    runs nothing either), in the same task, so no frame shows it closed. The page behind becomes
 *    inert, the backdrop takes over from the shadow, focus moves to the first field, Escape and a
 *    phone's back gesture close it, and focus goes back to the Join button as it closes:
 *    showModal() remembers what had focus, still the button, since step 1 moved none.
 *
 * showModal() in the tap restyled every element the page renders (Chrome computes the inert page
 * in style) and laid the dialog out again in the top layer: on a phone at 4x CPU, about half of
 * the first tap on Join (docs/history/performance.md, "The first tap on Join in two steps").
 */
function showForTap(dialog: HTMLDialogElement) {
  dialog.dataset.opening = '';
  dialog.setAttribute('open', '');
  afterNextFrame(() => {
    // Made modal already by an earlier tap's task (closed and opened again within the frame).
    if (!('opening' in dialog.dataset)) return;
    delete dialog.dataset.opening;
    // Closed within the frame (its Close button): nothing to make modal.
    if (!dialog.open) return;
    dialog.removeAttribute('open');
    openModal(dialog);
  });
}

/**
 * The waiting-list dialog. The page renders every "Join the Waiting List" button as a real link
 * to /waitlist (which works without JavaScript); once this island is loaded it turns those links
 * into triggers for a native modal dialog (focus held inside, Escape and backdrop close it).
 *
 * The form waits in the closed dialog, mounted while the browser is idle, so a tap only shows it:
 * rendering the form took most of a first tap's time on a throttled phone (docs/PERFORMANCE.md).
 * Each close unmounts it, which is what resets it (a send on its way is answered first), and the
 * next one is mounted when idle again.
 */
function WaitlistDialog({ program = null }: { program?: string | null }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [session, setSession] = useState<Session | null>(null);
  const sessionRef = useRef(session);
  sessionRef.current = session;
  // Set by a tap that came before the waiting form was mounted (or for another program): that
  // session is shown as soon as it is rendered.
  const showOnRender = useRef(false);

  useEffect(() => {
    if (session) return;
    return whenIdle(() => setSession({ key: crypto.randomUUID(), program }));
  }, [session, program]);

  const open = useCallback(
    (from: string | null) => {
      const dialog = dialogRef.current;
      if (!dialog || dialog.open) return;
      const wanted = from ?? program;
      // The funnel's first step is counted here, not by the form, which is mounted before anyone opens it.
      track(analyticsEvents.waitlistOpened, { program: wanted });
      track(analyticsEvents.waitlistStep, { step: 1, program: wanted });
      const waiting = sessionRef.current;
      if (waiting && waiting.program === wanted) {
        showForTap(dialog);
        return;
      }
      showOnRender.current = true;
      setSession({ key: crypto.randomUUID(), program: wanted });
    },
    [program],
  );
  const close = useCallback(() => dialogRef.current?.close(), []);

  // A visitor may close the dialog while "Sending…" (Escape, the backdrop, a phone's back gesture).
  // The form, and the answers in it, stay until the send is answered: stored, it ends in the success
  // toast as usual; refused or failed, the dialog opens again on what went wrong, so nobody leaves
  // thinking they joined when they did not, and nothing they answered is lost.
  const sending = useRef(false);

  // A layout effect, so the triggers work the moment hydration returns: client:interaction replays
  // a click made while the island was loading right then (src/islands/directives).
  useLayoutEffect(() => {
    const onClick = (event: MouseEvent) => {
      const trigger = (event.target as Element | null)?.closest<HTMLElement>(TRIGGER);
      if (!trigger || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      event.preventDefault();
      open(trigger.dataset.program ?? null);
    };
    document.addEventListener('click', onClick);
    for (const trigger of document.querySelectorAll(TRIGGER)) trigger.setAttribute('aria-haspopup', 'dialog');
    return () => document.removeEventListener('click', onClick);
  }, [open]);

  // A layout effect too: the dialog opens in the frame that first shows the form, not one later.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!session || !dialog || !showOnRender.current) return;
    showOnRender.current = false;
    showForTap(dialog);
  }, [session]);

  return (
    <>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; keyboards close with Escape, which the dialog handles itself */}
      <dialog
        ref={dialogRef}
        aria-labelledby="waitlist-title"
        aria-describedby="waitlist-description"
        // Closing by button, Escape or backdrop all end here: unmounting the form resets it (once
        // a send on its way is answered). Chromium fires the event at the next frame, which may come
        // after a failed send has opened the dialog again on its answers: those stay.
        onClose={() => {
          if (!sending.current && !dialogRef.current?.open) setSession(null);
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
        className="waitlist-dialog m-auto max-h-[min(92dvh,56rem)] w-[min(40rem,calc(100vw-1.5rem))] overflow-hidden rounded-card border border-line bg-paper p-0 text-ink shadow-dialog [@media(max-height:24rem)]:overflow-y-auto"
      >
        {session ? (
          // At 400% zoom (a 1280x1024 screen is 320x256) the fixed header and buttons would leave
          // the step's fields a strip too short for a label and its input: the dialog scrolls as one.
          <div className="flex max-h-[min(92dvh,56rem)] flex-col [@media(max-height:24rem)]:max-h-none">
            <div className="flex items-start justify-between gap-4 px-6 pt-6 pb-4">
              <div>
                <h2 id="waitlist-title" className="text-xl font-semibold">
                  Join the Waiting List
                </h2>
                {/* On a screen as short as a 320 px phone's (568 px), the step and its buttons need the room: read to screen readers only. */}
                <p id="waitlist-description" className="mt-1 text-sm text-muted [@media(max-height:36rem)]:sr-only">
                  Five short steps. Places are limited and offered by application.
                </p>
              </div>
              <CloseButton onClick={close} className="hover:bg-ink/5" />
            </div>
            <WaitlistForm
              key={session.key}
              program={session.program}
              idempotencyKey={session.key}
              onCancel={close}
              onSend={() => {
                sending.current = true;
              }}
              onStored={() => {
                sending.current = false;
                showSuccessToast(SUCCESS_TITLE, SUCCESS_TEXT);
                const dialog = dialogRef.current;
                if (!dialog?.open) {
                  setSession(null);
                  return;
                }
                // The toast is shown in the answer's frame with the dialog still open, only
                // transparent (global.css): closing it restyles the whole page behind, which took
                // most of that frame on a phone, so it closes in the task after that frame.
                dialog.dataset.closing = '';
                afterNextFrame(() => {
                  delete dialog.dataset.closing;
                  close();
                });
              }}
              onUnsent={() => {
                sending.current = false;
                const dialog = dialogRef.current;
                // Modal at once, not in two steps: no tap waits for it, and the form is about to
                // move focus inside ("Try again" or the refused answer), which showModal() would
                // then remember as what to give focus back to.
                if (dialog && !dialog.open) openModal(dialog);
              }}
            />
          </div>
        ) : null}
      </dialog>
      <SuccessToaster />
    </>
  );
}

export default function WaitlistWizard({ program }: WaitlistWizardProps) {
  return (
    <IslandErrorBoundary>
      <WaitlistDialog program={program ?? null} />
    </IslandErrorBoundary>
  );
}
