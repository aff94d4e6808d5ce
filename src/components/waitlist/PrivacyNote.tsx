import { routes } from '../../config/routes.ts';

/**
 * The one line beside each waiting-list form's submit button: what happens to the answers, and
 * where the whole policy is. Opens in a new tab so the visitor's answers stay where they are.
 */
export function PrivacyNote({ className = '' }: { className?: string }) {
  return (
    <p className={`text-sm text-muted ${className}`}>
      We use your answers only to follow up with you, as our{' '}
      <a
        href={routes.privacyPolicy}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-violet-deep underline underline-offset-2 hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        privacy policy<span className="sr-only"> (opens in a new tab)</span>
      </a>{' '}
      explains.
    </p>
  );
}
