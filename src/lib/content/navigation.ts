import type { NavLink } from '../../config/navigation.ts';
import { routes } from '../../config/routes.ts';
import { getOrdered } from './queries.ts';

/** Program menu entries, in the order the content files give. */
export async function getProgramLinks(): Promise<NavLink[]> {
  return (await getOrdered('programs')).map((program) => ({
    label: program.data.audience,
    href: routes.program(program.id),
  }));
}
