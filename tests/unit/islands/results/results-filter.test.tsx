// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ResultsFilter from '../../../../src/islands/results/ResultsFilter.tsx';
import type { CaseStudySummary } from '../../../../src/components/results/CaseStudyCard.tsx';
import { CaseStudyList } from '../../../../src/components/results/CaseStudyList.tsx';

const image = { src: '/art.svg', width: 1200, height: 800 };
const study = (name: string, category: string): CaseStudySummary => ({
  name,
  title: `Study ${name}`,
  description: `What happened in ${name}.`,
  result: `What changed in ${name}.`,
  category,
  image,
});
const studies = [study('a', 'Healthcare'), study('b', 'Retail'), study('c', 'Healthcare'), study('d', 'Training')];
const counts = { Healthcare: 2, Retail: 1, Training: 1 };

/** The page as results.astro composes it: the island, then the server-rendered list it filters. */
const ResultsPage = () => (
  <>
    <ResultsFilter counts={counts} listId="studies" />
    <CaseStudyList id="studies" studies={studies} />
  </>
);

const cards = () => screen.queryAllByRole('article');
const pressed = () => screen.getAllByRole('button', { pressed: true }).map((button) => button.textContent);

describe('ResultsFilter', () => {
  beforeEach(() => window.history.replaceState(null, '', '/results'));
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('starts at All with every card, and a card per study with its link', () => {
    render(<ResultsPage />);
    expect(cards()).toHaveLength(4);
    expect(pressed()).toEqual(['All']);
    expect(screen.getByRole('status')).toHaveTextContent('Showing all 4 case studies');
    const first = within(cards()[0]!);
    expect(first.getByRole('heading', { name: 'Study a' })).toBeInTheDocument();
    expect(first.getByText('Healthcare')).toBeInTheDocument();
    const link = first.getByRole('link', { name: 'View Case Study' });
    expect(link).toHaveAttribute('href', '/case-study/a');
    expect(link).toHaveAccessibleDescription('Study a');
  });

  it('shows only the chosen category, marks it pressed, announces the count and records it in the URL', async () => {
    const user = userEvent.setup();
    render(<ResultsPage />);
    await user.click(screen.getByRole('button', { name: 'Healthcare' }));
    expect(cards().map((card) => card.getAttribute('aria-labelledby'))).toEqual([
      'case-study-a-title',
      'case-study-c-title',
    ]);
    expect(pressed()).toEqual(['Healthcare']);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 2 Healthcare case studies');
    // The URL follows once the frame showing the choice is painted.
    await waitFor(() => expect(window.location.search).toBe('?category=Healthcare'));

    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(cards()).toHaveLength(4);
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('follows the URL on load and on back/forward', async () => {
    window.history.replaceState(null, '', '/results?category=retail');
    render(<ResultsPage />);
    expect(cards()).toHaveLength(1);
    expect(pressed()).toEqual(['Retail']);

    await act(async () => {
      window.history.pushState(null, '', '/results?category=Training');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(pressed()).toEqual(['Training']);
    expect(screen.getByRole('heading', { name: 'Study d' })).toBeInTheDocument();
  });
});
