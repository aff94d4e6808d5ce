import { Button } from '../ui/Button.tsx';

export interface ErrorPageProps {
  code: string;
  title: string;
  message: string;
  linkLabel: string;
}

/** The not-found and failure pages share one calm layout. */
export function ErrorPage({ code, title, message, linkLabel }: ErrorPageProps) {
  return (
    <section aria-labelledby="error-title" className="section">
      <div className="container-page flex min-h-[50vh] flex-col items-center justify-center text-center">
        <p className="eyebrow text-muted">{code}</p>
        <h1 id="error-title" className="mt-4 text-3xl font-semibold tracking-tight sm:text-4xl">
          {title}
        </h1>
        <p className="mt-4 max-w-xl text-lg text-ink-soft">{message}</p>
        <Button href="/" className="mt-10" size="lg">
          {linkLabel}
        </Button>
      </div>
    </section>
  );
}
