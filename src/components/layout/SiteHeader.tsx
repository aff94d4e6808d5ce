import type { HTMLAttributes } from 'react';
import type { NavLink } from '../../config/navigation.ts';
import { isProgramsPath } from '../../config/routes.ts';
import { LogoMark } from '../brand/LogoMark.tsx';
import { Icon } from '../icons/Icon.tsx';
import { Button } from '../ui/Button.tsx';
import { cn } from '../../lib/cn.ts';

export interface SiteHeaderProps {
  companyName: string;
  shortName: string;
  bookingUrl: string;
  programLinks: NavLink[];
  primaryLinks: NavLink[];
  currentPath: string;
}

// Invoker commands and light dismiss are native HTML; React passes these lowercase attributes through.
const openDrawer = { commandfor: 'site-drawer', command: 'show-modal' } as Record<string, string>;
const closeDrawer = { commandfor: 'site-drawer', command: 'close' } as Record<string, string>;

const navLinkClass =
  'inline-flex h-11 items-center rounded-ui px-3 text-[0.9375rem] font-medium text-ink-soft hover:bg-ink/5 hover:text-ink';

function isCurrent(href: string, currentPath: string) {
  return currentPath === href || currentPath.startsWith(`${href}/`);
}

const drawerLinkClass = 'flex min-h-11 items-center rounded-ui px-3 text-lg font-medium hover:bg-stone';

interface NavLinkListProps extends HTMLAttributes<HTMLUListElement> {
  links: NavLink[];
  currentPath: string;
  linkClassName: string;
}

/** One list of navigation links, marking the current page. */
function NavLinkList({ links, currentPath, linkClassName, ...list }: NavLinkListProps) {
  return (
    <ul {...list}>
      {links.map((link) => (
        <li key={link.href}>
          <a
            href={link.href}
            aria-current={isCurrent(link.href, currentPath) ? 'page' : undefined}
            className={linkClassName}
          >
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The fixed site header. Rendered to HTML only: the Programs menu is a native popover and the
 * mobile drawer a native modal dialog, so no React ships for it. A few lines in
 * src/browser/site-header.ts add arrow keys and close the drawer when a link is chosen.
 */
export function SiteHeader({
  companyName,
  shortName,
  bookingUrl,
  programLinks,
  primaryLinks,
  currentPath,
}: SiteHeaderProps) {
  const programsActive = isProgramsPath(currentPath);
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-[var(--header-height)] border-b border-line/80 bg-paper/95 [backdrop-filter:blur(8px)] supports-[backdrop-filter]:bg-paper/85">
      <div className="container-page flex h-full items-center justify-between gap-4">
        <a href="/" className="flex min-h-11 items-center gap-2.5 rounded-ui font-semibold tracking-tight text-ink">
          <LogoMark className="size-8" />
          <span className="hidden text-[1.0625rem] sm:inline">{companyName}</span>
          <span className="text-[1.0625rem] sm:hidden">{shortName}</span>
        </a>

        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          <button
            type="button"
            id="programs-trigger"
            // No aria-expanded: HTML forbids it next to popovertarget, which already exposes the state.
            popoverTarget="programs-menu"
            aria-controls="programs-menu"
            className={cn(navLinkClass, 'programs-trigger gap-1', programsActive && 'text-ink')}
          >
            Programs
            <Icon name="chevron-down" className="size-4" />
          </button>
          <div
            id="programs-menu"
            popover="auto"
            className="programs-menu w-72 rounded-card border border-line bg-paper p-2 text-ink shadow-card"
          >
            <NavLinkList
              aria-label="Programs"
              links={programLinks}
              currentPath={currentPath}
              linkClassName="flex min-h-11 items-center rounded-[calc(var(--radius-ui)-2px)] px-3 py-2 font-medium text-ink-soft hover:bg-stone hover:text-ink focus-visible:bg-stone"
            />
          </div>
          {primaryLinks.map((link) => (
            <a
              key={link.href}
              href={link.href}
              aria-current={isCurrent(link.href, currentPath) ? 'page' : undefined}
              className={cn(
                navLinkClass,
                'aria-[current=page]:text-ink aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8',
              )}
            >
              {link.label}
            </a>
          ))}
        </nav>

        <div className="flex items-center gap-2">
          {/* The hero glow would spill 30 px below the header's edge: a ring only, here. The ring is
              marked important because class merging cannot tell the variant's `shadow-glow` (a
              utility of our own) from an arbitrary box-shadow, so both classes reach the page. */}
          <Button
            href={bookingUrl}
            external
            variant="hero"
            className="hidden [box-shadow:0_0_0_1px_rgb(182_156_255/0.35)]! hover:[box-shadow:0_0_0_1px_rgb(182_156_255/0.6)]! lg:inline-flex"
          >
            Schedule a Call
          </Button>
          <button
            type="button"
            {...openDrawer}
            aria-haspopup="dialog"
            aria-controls="site-drawer"
            className="inline-flex size-11 items-center justify-center rounded-ui text-ink hover:bg-ink/5 lg:hidden"
          >
            <Icon name="menu" className="size-6" />
            <span className="sr-only">Open menu</span>
          </button>
        </div>
      </div>

      <dialog
        id="site-drawer"
        aria-label="Menu"
        {...{ closedby: 'any' }}
        className="site-drawer bg-paper text-ink shadow-dialog"
      >
        <div className="flex h-full flex-col">
          <div className="flex h-[var(--header-height)] items-center justify-between border-b border-line px-5">
            <span className="font-semibold">{shortName}</span>
            <button
              type="button"
              {...closeDrawer}
              className="inline-flex size-11 items-center justify-center rounded-ui hover:bg-ink/5"
            >
              <Icon name="close" className="size-6" />
              <span className="sr-only">Close menu</span>
            </button>
          </div>
          <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-5 py-6">
            <p id="drawer-programs" className="eyebrow mb-2 text-muted">
              Programs
            </p>
            <NavLinkList
              aria-labelledby="drawer-programs"
              className="mb-6 space-y-1"
              links={programLinks}
              currentPath={currentPath}
              linkClassName={drawerLinkClass}
            />
            <NavLinkList
              className="space-y-1 border-t border-line pt-6"
              links={primaryLinks}
              currentPath={currentPath}
              linkClassName={drawerLinkClass}
            />
          </nav>
          <div className="border-t border-line p-5">
            <Button href={bookingUrl} external variant="hero" size="lg" className="w-full">
              Schedule a Discovery Call
            </Button>
          </div>
        </div>
      </dialog>
    </header>
  );
}
