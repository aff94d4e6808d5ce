import type { NavLink } from '../../config/navigation.ts';
import { LogoMark } from '../brand/LogoMark.tsx';
import { Icon } from '../icons/Icon.tsx';

export interface SiteFooterProps {
  companyName: string;
  blurb: string;
  contactEmail: string;
  linkedinUrl: string;
  copyrightYear: number;
  programLinks: NavLink[];
  companyLinks: NavLink[];
  legalLinks: NavLink[];
}

const linkClass =
  'inline-flex min-h-8 items-center text-on-night-muted hover:text-on-night hover:underline underline-offset-4';

/** One list of footer links, named by a heading (`labelledBy`) or by `label`. */
function FooterLinks({
  links,
  className,
  labelledBy,
  label,
}: {
  links: NavLink[];
  className: string;
  labelledBy?: string;
  label?: string;
}) {
  return (
    <ul aria-labelledby={labelledBy} className={className} aria-label={label}>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} className={linkClass}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

function FooterColumn({ title, links }: { title: string; links: NavLink[] }) {
  const id = `footer-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div>
      <h2 id={id} className="eyebrow mb-4 text-on-night">
        {title}
      </h2>
      <FooterLinks links={links} labelledBy={id} className="space-y-2" />
    </div>
  );
}

export function SiteFooter(props: SiteFooterProps) {
  const { companyName, blurb, contactEmail, linkedinUrl, copyrightYear, programLinks, companyLinks, legalLinks } =
    props;
  return (
    <footer className="theme-night border-t border-night-line">
      <div className="container-page grid gap-12 py-16 md:grid-cols-[1.4fr_1fr_1fr]">
        <div className="max-w-sm">
          <a href="/" className="inline-flex min-h-11 items-center gap-2.5 font-semibold text-on-night">
            <LogoMark className="size-8" />
            {companyName}
          </a>
          <p className="mt-4 text-on-night-muted">{blurb}</p>
          <ul className="mt-6 space-y-2">
            <li>
              <a href={`mailto:${contactEmail}`} className={`${linkClass} gap-2`}>
                <Icon name="mail" className="size-5" />
                {contactEmail}
              </a>
            </li>
            <li>
              <a href={linkedinUrl} target="_blank" rel="noopener noreferrer" className={`${linkClass} gap-2`}>
                <Icon name="linkedin" className="size-5" />
                {`${companyName} on LinkedIn`}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </div>
        <FooterColumn title="Programs" links={programLinks} />
        <FooterColumn title="Company" links={companyLinks} />
      </div>
      <div className="border-t border-night-line">
        <div className="container-page flex flex-col gap-3 py-6 text-sm text-on-night-muted sm:flex-row sm:items-center sm:justify-between">
          {/* One string, one text node: interpolated pieces would each be a node, with a <!-- --> between. */}
          <p>{`© ${copyrightYear} ${companyName}. All rights reserved.`}</p>
          <FooterLinks links={legalLinks} className="flex gap-6" label="Legal" />
        </div>
      </div>
    </footer>
  );
}
