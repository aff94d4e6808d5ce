/**
 * The header's only script: native popover and <dialog> do the work; this adds the keyboard
 * behaviour of a menu (arrow keys), focuses the first item when the popover opens (its state is
 * exposed by popovertarget itself: HTML forbids aria-expanded on the trigger), closes it as the
 * page is left, opens the drawer in two steps and closes it when a link inside it is chosen.
 * Browsers without invoker commands get a fallback.
 */
const trigger = document.getElementById('programs-trigger');
const menu = document.getElementById('programs-menu');
const drawer = document.getElementById('site-drawer') as HTMLDialogElement | null;

if (trigger && menu) {
  const items = () => [...menu.querySelectorAll<HTMLAnchorElement>('a[href]')];
  const focusItem = (index: number) => {
    const list = items();
    list.at(index % list.length)?.focus();
  };

  trigger.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      menu.showPopover();
      focusItem(event.key === 'ArrowDown' ? 0 : -1);
    }
  });

  menu.addEventListener('toggle', (event) => {
    const open = (event as ToggleEvent).newState === 'open';
    if (open && !menu.contains(document.activeElement)) focusItem(0);
  });

  menu.addEventListener('keydown', (event) => {
    const index = items().indexOf(document.activeElement as HTMLAnchorElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: -1 };
    if (event.key in moves) {
      event.preventDefault();
      focusItem(moves[event.key]!);
    } else if (event.key === 'Tab') {
      menu.hidePopover();
    }
  });

  // A page left with the menu open (a program chosen from it) would come back from the back/forward
  // cache with it still open over the page; closed as the page goes, focus is back on its button.
  addEventListener('pagehide', () => menu.hidePopover());
}

if (drawer) {
  drawer.addEventListener('click', (event) => {
    const target = event.target as Element;
    // A chosen link closes the drawer; so does a click on the backdrop (the dialog itself).
    if (target.closest('a[href]') || target === drawer) drawer.close();
  });

  // Keep Tab inside the open drawer rather than letting it wander to the browser's own controls.
  drawer.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const focusable = [...drawer.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  });

  // Opened in two steps, as the waiting-list wizard is (`showForTap` in
  // src/islands/waitlist/WaitlistWizard.tsx says why; a module shared with an island would be split
  // into a chunk of its own, and this script must stay inline). In the tap, shown by its `open`
  // attribute alone, which moves no focus and fires no event, where the modal will be
  // (src/styles/global.css); in the task after that frame, made modal. showModal() in the tap
  // restyled the whole page in view to make it inert and laid the drawer out again in the top
  // layer (docs/history/performance.md, "The drawer in two steps"). Cancelling the click cancels
  // the button's invoker command, which opens it at once before this script has run (and without
  // invoker commands, the click alone does).
  document
    .querySelector('button[commandfor="site-drawer"][command="show-modal"]')
    ?.addEventListener('click', (event) => {
      event.preventDefault();
      if (drawer.open) return;
      drawer.setAttribute('open', '');
      requestAnimationFrame(() =>
        setTimeout(() => {
          // Not when closed within the frame (a link in it chosen), nor made modal by an earlier tap's task.
          if (!drawer.open || drawer.matches(':modal')) return;
          drawer.removeAttribute('open');
          drawer.showModal();
        }),
      );
    });

  // The button that closes it, where invoker commands are missing.
  if (!('commandForElement' in HTMLButtonElement.prototype)) {
    drawer.querySelector('button[commandfor="site-drawer"]')?.addEventListener('click', () => drawer.close());
  }
}

/* Program cards: reveal with their stagger when the grid scrolls into view. */
const reveal = document.querySelectorAll<HTMLElement>('[data-reveal]');
if (reveal.length && !matchMedia('(prefers-reduced-motion: reduce)').matches) {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) {
          (entry.target as HTMLElement).dataset.reveal = 'shown';
          observer.unobserve(entry.target);
        }
      }
    },
    { rootMargin: '0px 0px -10% 0px' },
  );
  reveal.forEach((element) => {
    if (element.getBoundingClientRect().top > innerHeight) {
      element.dataset.reveal = 'pending';
      observer.observe(element);
    }
  });
}
