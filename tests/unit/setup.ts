import { afterEach } from 'vitest';

// Component tests run in jsdom; only there do Testing Library's matchers and cleanup apply.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
  // jsdom does no layout and has no scrollIntoView; the wizard calls it to bring an error into view.
  Element.prototype.scrollIntoView ??= () => {};
}
