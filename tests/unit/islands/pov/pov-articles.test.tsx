// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PovArticles from '../../../../src/islands/pov/PovArticles.tsx';
import type { FeedArticle } from '../../../../src/lib/pov/types.ts';

const article = (n: number): FeedArticle => ({
  title: `Essay ${n}`,
  link: `https://blog.example.com/essay-${n}`,
  description: `What we learned in engagement ${n}.`,
  thumbnail: null,
  published: null,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers the island's requests with `responses` in turn; each waits until the test lets it through. */
function feedAnswering(...responses: Response[]) {
  const gates = responses.map(() => Promise.withResolvers<void>());
  let calls = 0;
  const fetch = vi.fn(async () => {
    const at = calls++;
    await gates[at]!.promise;
    return responses[at]!;
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, answer: (at: number) => gates[at]!.resolve() };
}

const region = () => screen.getByRole('region', { name: 'Articles' });
const tryAgain = () => screen.getByRole('button', { name: 'Try again' });

describe('PovArticles', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => vi.unstubAllGlobals());

  it('after a failed load, "Try again" shows the loading state at once, then the articles, focus kept', async () => {
    const user = userEvent.setup();
    const feed = feedAnswering(json({ status: 'error' }, 503), json({ status: 'ok', items: [article(1)] }));
    render(<PovArticles />);
    feed.answer(0);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to fetch articles$/);
    expect(console.error).toHaveBeenCalledWith('Failed to fetch articles');

    await user.click(tryAgain());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading articles…');
    expect(region()).toHaveFocus();
    expect(feed.fetch).toHaveBeenCalledTimes(2);

    feed.answer(1);
    expect(await screen.findByRole('heading', { name: 'Essay 1' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^1 article$/);
    expect(region()).toHaveFocus();
  });

  it('a retry that fails again shows the new message and the button again', async () => {
    const user = userEvent.setup();
    const feed = feedAnswering(
      json({ status: 'error' }, 502),
      json({ status: 'error', message: 'The blog feed did not answer in time.' }),
      json({ status: 'ok', items: [] }),
    );
    render(<PovArticles />);
    feed.answer(0);
    await screen.findByRole('alert');

    await user.keyboard('{Tab}');
    expect(tryAgain()).toHaveFocus();
    await user.keyboard('{Enter}');
    feed.answer(1);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^The blog feed did not answer in time\.$/);
    expect(region()).toHaveFocus();

    await user.keyboard('{Tab}');
    expect(tryAgain()).toHaveFocus();
    await user.keyboard(' ');
    feed.answer(2);
    expect(await screen.findByText('No articles found.')).toBeInTheDocument();
    expect(region()).toHaveFocus();
  });
});
