import type { CollectionEntry } from 'astro:content';
import { Section } from '../ui/Section.tsx';
export type InnovationComparisonProps = CollectionEntry<'ciePage'>['data']['comparison'];

/**
 * Old way against new way as a real table: screen readers announce each cell with its column,
 * and at 375px the two columns still hold a sentence each.
 */
export function InnovationComparison({ title, oldWayTitle, newWayTitle, rows }: InnovationComparisonProps) {
  return (
    <Section labelledBy="comparison-title" className="bg-stone/60">
      <h2 id="comparison-title" className="max-w-3xl text-2xl font-semibold tracking-tight sm:text-3xl">
        {title}
      </h2>
      <div className="mt-12 overflow-hidden rounded-card border border-line bg-paper shadow-card">
        <table className="w-full table-fixed border-collapse text-left">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-line-strong/50">
              <th scope="col" className="w-1/2 p-4 align-bottom text-sm font-semibold text-muted sm:p-6 sm:text-base">
                {oldWayTitle}
              </th>
              <th
                scope="col"
                className="w-1/2 border-l border-line bg-violet/10 p-4 align-bottom text-sm font-semibold text-violet-deep sm:p-6 sm:text-base"
              >
                {newWayTitle}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.newWay} className="border-b border-line last:border-b-0">
                <td className="p-4 align-top text-sm text-ink-soft sm:p-6 sm:text-base">{row.oldWay}</td>
                <td className="border-l border-line bg-violet/5 p-4 align-top text-sm font-medium text-ink sm:p-6 sm:text-base">
                  {row.newWay}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
