import { Button } from '../ui/Button.tsx';
import { Section } from '../ui/Section.tsx';

export interface ErrorPageProps {
  code: string;
  title: string;
  message: string;
  linkLabel: string;
}

/** The not-found and failure pages share one calm layout. */
export function ErrorPage({ code, title, message, linkLabel }: ErrorPageProps) {
  return (
    <Section
      labelledBy="error-title"
      containerClassName="flex min-h-[50vh] flex-col items-center justify-center text-center"
    >
      <p className="eyebrow text-muted">{code}</p>
      <h1 id="error-title" className="mt-4 text-3xl font-semibold tracking-tight sm:text-4xl">
        {title}
      </h1>
      <p className="mt-4 max-w-xl text-lg text-ink-soft">{message}</p>
      <Button href="/" className="mt-10" size="lg">
        {linkLabel}
      </Button>
    </Section>
  );
}
