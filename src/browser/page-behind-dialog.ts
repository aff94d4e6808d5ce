/**
 * Opening a modal dialog (the menu drawer, the waiting-list wizard) makes the rest of the page
 * inert, and closing it makes it live again; Chrome computes both in style, so each restyles every
 * element it renders: 371 on the home page, most of the drawer's close on a phone. From the first
 * opening on, the body's class `page-behind-dialog` has each block of the page rendered only near
 * the viewport (src/styles/global.css), so neither an open nor a close restyles what nobody can
 * see: the drawer's close restyles 115 elements there. Set in the task that opens the dialog
 * (`beforetoggle`, caught on its way down, since it does not bubble), so the frame that shows it
 * restyles once. Never taken off: the blocks in view keep the paint containment they took under
 * the backdrop, which Chrome rasterises a shade differently; taken off at the close, the text in
 * view changed in front of the reader (docs/history/performance.md, "The drawer's close"). One
 * listener for every dialog: the wizard's island is not loaded at first, and a module it shared
 * with this script would take the script out of the page (src/browser/analytics-start.ts).
 */
export function holdPageBehindDialogs(): void {
  document.addEventListener(
    'beforetoggle',
    (event) => {
      if (event.target instanceof HTMLDialogElement) document.body.classList.add('page-behind-dialog');
    },
    true,
  );
}
