/** A headline outcome: "3 months" / "from first interviews to concepts tested with families". */
export interface CaseStudyHighlight {
  value: string;
  label: string;
}

/** The study at a glance, between the hero and the story: its result first, then its figures. */
export function CaseStudyHighlights({ result, highlights }: { result: string; highlights: CaseStudyHighlight[] }) {
  return (
    <section aria-labelledby="case-study-highlights" className="render-near-view border-b border-line bg-stone/50">
      <div className="container-page py-10 sm:py-12">
        <h2 id="case-study-highlights" className="eyebrow text-muted">
          At a glance
        </h2>
        <p className="mt-4 max-w-3xl text-xl font-semibold tracking-tight text-balance text-ink sm:text-2xl">
          <span className="sr-only">Result: </span>
          {result}
        </p>
        {/* Equal columns for however many highlights a study has (up to four). */}
        {highlights.length > 0 ? (
          <ul className="mt-8 grid gap-8 sm:grid-cols-2 lg:auto-cols-fr lg:grid-flow-col lg:grid-cols-none">
            {highlights.map(({ value, label }) => (
              <li key={value + label}>
                <span className="accent-rule block" aria-hidden="true" />
                <p className="mt-4 text-2xl font-semibold tracking-tight text-ink">{value}</p>
                <p className="mt-2 text-muted">{label}</p>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
