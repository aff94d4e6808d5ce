import type { SVGProps } from 'react';
import { type TopicIconName, topicPaths } from '../../lib/topic-icons.ts';

/*
 * Line icons drawn for this site (24px grid, 1.75 stroke). Decorative: the text beside them carries the meaning.
 * Two families: topic icons, which content files may name (their schemas accept exactly these keys),
 * and the interface's own icons, which only components use.
 */
const interfacePaths = {
  menu: ['M4 7h16', 'M4 12h16', 'M4 17h16'],
  close: ['M6 6l12 12', 'M18 6 6 18'],
  'chevron-down': ['m6 9 6 6 6-6'],
  'arrow-right': ['M5 12h14', 'm13 6 6 6-6 6'],
  'arrow-left': ['M19 12H5', 'm11 6-6 6 6 6'],
  external: ['M14 4h6v6', 'M20 4 11 13', 'M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5'],
  check: ['m5 12 5 5 9-10'],
  minus: ['M5 12h14'],
  mail: ['M3 6h18v12H3Z', 'm3 7 9 6 9-6'],
  linkedin: [
    'M4 9h3v11H4Z',
    'M5.5 4a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z',
    'M10 9h3v2c.6-1.2 2-2.2 3.8-2.2C19 8.8 20 10.3 20 13v7h-3v-6.3c0-1.5-.6-2.4-1.9-2.4-1.4 0-2.1 1-2.1 2.4V20h-3Z',
  ],
  // A speech bubble: what a client tells us in their own words (stroked quotation marks read as "55").
  speech: ['M5 4h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-8l-5 4v-4H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z', 'M8 9h8', 'M8 12.5h5'],
} satisfies Record<string, string[]>;

const paths: Record<IconName, string[]> = { ...topicPaths, ...interfacePaths };

export type IconName = TopicIconName | keyof typeof interfacePaths;

export interface IconProps extends SVGProps<SVGSVGElement> {
  name: IconName;
}

export function Icon({ name, className, ...rest }: IconProps) {
  const d = paths[name] ?? paths.spark;
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
      {...rest}
    >
      {d.map((segment) => (
        <path key={segment} d={segment} />
      ))}
    </svg>
  );
}
