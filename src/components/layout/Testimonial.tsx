export interface TestimonialProps {
  quote: string;
  /** Role and kind of organization, e.g. "Operations director, 60-person logistics firm". */
  attribution: string;
}

/** A client's words, attributed: figure, blockquote and figcaption so the attribution stays tied to the quote. */
export function Testimonial({ quote, attribution }: TestimonialProps) {
  return (
    <figure className="mx-auto max-w-3xl text-center">
      <div className="accent-rule mx-auto mb-8 w-16" aria-hidden="true" />
      <blockquote className="text-xl font-medium text-ink sm:text-2xl">
        <p>“{quote}”</p>
      </blockquote>
      <figcaption className="mt-6 font-semibold text-ink">{attribution}</figcaption>
    </figure>
  );
}
