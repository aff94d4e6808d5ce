/** A headline outcome: "3 months" / "from first interviews to concepts tested with families". */
export interface CaseStudyHighlight {
  value: string;
  label: string;
}

/** The study's figures at a glance, between the hero and the story. */
export function CaseStudyHighlights({ highlights }: { highlights: CaseStudyHighlight[] }) {
  return (
    <section aria-labelledby="case-study-highlights" className="render-near-view border-b border-line bg-stone/50">
      <div className="container-page py-10 sm:py-12">
        <h2 id="case-study-highlights" className="eyebrow text-muted">
          At a glance
        </h2>
        {/* Equal columns for however many highlights a study has (up to four). */}
        <ul className="mt-6 grid gap-8 sm:grid-cols-2 lg:auto-cols-fr lg:grid-flow-col lg:grid-cols-none">
          {highlights.map(({ value, label }) => (
            <li key={value + label}>
              <span className="accent-rule block" aria-hidden="true" />
              <p className="mt-4 text-2xl font-semibold tracking-tight text-ink">{value}</p>
              <p className="mt-2 text-muted">{label}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
