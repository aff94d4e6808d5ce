/** The class the root carries while the waiting-list dialog is open (src/styles/global.css). */
export const DIALOG_OPEN_CLASS = 'waitlist-open';

/**
 * Marks the root with DIALOG_OPEN_CLASS while `dialog` is open, so that only the page in view is
 * rendered behind it (src/styles/global.css says why). A class, not a `:has()` on an ancestor of
 * the dialog such as `:root:has(dialog[open])`: Chrome checks such a selector again at every
 * element inserted or removed below it, and then restyles every element it renders, so each step
 * of the wizard restyled 192 elements instead of 25 on a program page (docs/history/performance.md,
 * "The first tap on Join, and a :has() above the wizard"). Set as the dialog opens or closes
 * (`beforetoggle` comes in the same task as the change, however it is closed), so the frame that
 * shows it restyles once. Returns how to stop.
 */
export function markPageBehindDialog(dialog: HTMLDialogElement): () => void {
  const mark = (event: Event) =>
    document.documentElement.classList.toggle(DIALOG_OPEN_CLASS, (event as ToggleEvent).newState === 'open');
  dialog.addEventListener('beforetoggle', mark);
  return () => {
    dialog.removeEventListener('beforetoggle', mark);
    document.documentElement.classList.remove(DIALOG_OPEN_CLASS);
  };
}
