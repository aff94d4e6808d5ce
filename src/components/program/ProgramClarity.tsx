import type { CollectionEntry } from 'astro:content';
import { Section } from '../ui/Section.tsx';
import { IconList } from '../ui/IconList.tsx';

export type ProgramClarityContent = CollectionEntry<'programs'>['data']['clarity'];

/** "What This Program Is (and Is Not)": two columns so a visitor can rule themselves in or out quickly. */
export function ProgramClarity({ isTitle, isFor, isNotTitle, isNotFor }: ProgramClarityContent) {
  const columns = [
    {
      id: 'program-is',
      title: isTitle,
      items: isFor,
      icon: 'check' as const,
      tone: 'border-violet-deep/40 bg-white/70',
      iconTone: 'text-violet-deep',
    },
    {
      id: 'program-is-not',
      title: isNotTitle,
      items: isNotFor,
      icon: 'close' as const,
      tone: 'border-line bg-stone/50',
      iconTone: 'text-muted',
    },
  ];
  return (
    <Section labelledBy="clarity-title" className="render-near-view">
      <h2 id="clarity-title" className="max-w-3xl text-2xl font-semibold tracking-tight sm:text-3xl">
        What This Program Is (and Is Not)
      </h2>
      <div className="mt-12 grid gap-6 md:grid-cols-2">
        {columns.map((column) => (
          <div key={column.id} className={`rounded-card border p-6 sm:p-8 ${column.tone}`}>
            <h3 id={column.id} className="text-xl font-semibold">
              {column.title}
            </h3>
            <IconList
              items={column.items}
              icon={column.icon}
              iconClassName={`mt-0.5 size-5 shrink-0 ${column.iconTone}`}
              className="mt-6 space-y-4"
              labelledBy={column.id}
            />
          </div>
        ))}
      </div>
    </Section>
  );
}
