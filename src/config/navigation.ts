/** Site structure: what the header and footer link to besides the programs (which come from content). */
export interface NavLink {
  label: string;
  href: string;
}

export const primaryNav: NavLink[] = [
  { label: 'Solutions', href: '/solutions' },
  { label: 'Results', href: '/results' },
  { label: 'POV', href: '/pov' },
];

export const companyNav: NavLink[] = [
  { label: 'About', href: '/about' },
  { label: 'Solutions', href: '/solutions' },
  { label: 'Our Results', href: '/results' },
  { label: 'Point of View', href: '/pov' },
  { label: 'Continuous Innovation Ecosystem', href: '/cie' },
];

export const legalNav: NavLink[] = [
  { label: 'Privacy Policy', href: '/privacy-policy' },
  { label: 'Terms of Service', href: '/terms-of-service' },
];
