import type { CollectionEntry } from 'astro:content';
import type { ReactNode } from 'react';
import { Artwork, type ArtworkSource } from '../ui/Artwork.tsx';
import { Button } from '../ui/Button.tsx';
import { Icon } from '../icons/Icon.tsx';
import { CaseStudyHighlights } from './CaseStudyHighlights.tsx';
import { DiscoveryCallClosing } from '../layout/DiscoveryCallClosing.tsx';
import { Eyebrow } from '../ui/Eyebrow.tsx';
import { KeepHyphenated } from '../ui/KeepHyphenated.tsx';

/** What the page shows of a study's frontmatter (src/content/case-studies/*.md); SEO, artwork and dates go elsewhere. */
export type CaseStudyDetails = Omit<
  CollectionEntry<'caseStudies'>['data'],
  'seo' | 'image' | 'imageAlt' | 'order' | 'published' | 'updated'
>;

/** The study a visitor reads next. */
export interface NextCaseStudy {
  title: string;
  href: string;
}

/** A `##` section of the Markdown body, for the "On this page" list. */
export interface CaseStudySection {
  id: string;
  title: string;
}

export interface CaseStudyPageProps {
  study: CaseStudyDetails;
  sections: CaseStudySection[];
  image: ArtworkSource;
  imageAlt: string;
  /** Where "Back to Results" leads. */
  resultsHref: string;
  /** The rendered Markdown body: Challenge, Approach, Deliverables, Impact. */
  children: ReactNode;
  /** The artwork drawn inline by the route (with its alt text as the svg's label): text stays the largest paint. */
  heroArt?: ReactNode;
  next: NextCaseStudy;
  /** "Facing something similar?" and why to call. */
  cta: { headline: string; subtext: string };
  bookingUrl: string;
}

/** One case study: the hero with its facts, the headline results, then the story in four sections. */
export function CaseStudyPage({
  study,
  sections,
  image,
  imageAlt,
  resultsHref,
  children,
  heroArt,
  next,
  cta,
  bookingUrl,
}: CaseStudyPageProps) {
  const facts = [
    { term: 'Client', detail: study.client },
    { term: 'Industry', detail: study.industry },
    ...(study.duration ? [{ term: 'Duration', detail: study.duration }] : []),
  ];
  return (
    <article aria-labelledby="case-study-title">
      <header className="theme-night">
        <div className="container-page grid grid-cols-1 items-center gap-10 py-10 sm:py-14 lg:grid-cols-[1.1fr_0.9fr] lg:gap-14 lg:py-20">
          <div>
            <a
              href={resultsHref}
              className="-ml-1 inline-flex min-h-11 items-center gap-2 px-1 font-medium text-on-night-muted underline-offset-4 hover:text-on-night hover:underline"
            >
              <Icon name="arrow-left" className="size-4" />
              Back to Results
            </a>
            <Eyebrow className="mt-6 text-on-night-muted">{study.category}</Eyebrow>
            <h1
              id="case-study-title"
              className="mt-4 text-2xl font-semibold tracking-tight min-[22.5rem]:text-3xl sm:text-4xl lg:text-5xl"
            >
              <KeepHyphenated text={study.title} />
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-on-night-muted">{study.description}</p>
            <dl className="mt-8 grid gap-5 border-t border-night-line pt-6 sm:grid-cols-3">
              {facts.map(({ term, detail }) => (
                <div key={term}>
                  <dt className="eyebrow text-on-night-muted">{term}</dt>
                  <dd className="mt-1 text-on-night">{detail}</dd>
                </div>
              ))}
            </dl>
          </div>
          {heroArt ? (
            <div className="inline-art overflow-hidden rounded-card border border-night-line">{heroArt}</div>
          ) : (
            <Artwork image={image} alt={imageAlt} priority className="rounded-card border border-night-line" />
          )}
        </div>
      </header>

      <CaseStudyHighlights result={study.result} highlights={study.highlights} />

      <div className="container-page render-near-view grid grid-cols-1 gap-x-16 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="prose-body [&>h2:first-child]:mt-0">{children}</div>
        {/* Wide screens only: a phone reads the four short sections straight through. */}
        <nav aria-labelledby="case-study-contents" className="hidden lg:block">
          <div className="sticky top-[calc(var(--header-height)+2rem)] border-l border-line pl-6">
            <h2 id="case-study-contents" className="eyebrow text-muted">
              On this page
            </h2>
            <ul className="mt-4 space-y-1">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="inline-flex min-h-11 items-center font-medium text-ink-soft underline-offset-4 hover:text-violet-deep hover:underline"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>
        <nav
          aria-label="More case studies"
          className="mt-12 flex flex-col gap-4 border-t border-line pt-8 sm:flex-row sm:items-center sm:justify-between lg:col-start-1"
        >
          <Button href={resultsHref} variant="outline">
            <Icon name="arrow-left" />
            Back to Results
          </Button>
          <a
            href={next.href}
            className="group inline-flex min-h-11 max-w-md items-center gap-3 font-semibold text-violet-deep underline-offset-4 hover:underline sm:text-right"
          >
            <span>
              <span className="eyebrow block text-muted">Next case study</span>
              {next.title}
            </span>
            <Icon name="arrow-right" className="size-4 shrink-0" />
          </a>
        </nav>
      </div>
      <DiscoveryCallClosing id="case-study-cta" headline={cta.headline} subtext={cta.subtext} bookingUrl={bookingUrl} />
    </article>
  );
}
