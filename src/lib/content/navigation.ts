import { getCollection } from 'astro:content';
import type { NavLink } from '../../config/navigation.ts';
import { routes } from '../../config/routes.ts';

/** Program menu entries, in the order the content files give. */
export async function getProgramLinks(): Promise<NavLink[]> {
  const programs = await getCollection('programs');
  return programs
    .sort((a, b) => a.data.order - b.data.order)
    .map((program) => ({ label: program.data.audience, href: routes.program(program.id) }));
}
