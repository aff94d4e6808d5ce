// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgramPage, type ProgramContent } from '../../../../src/components/program/ProgramPage.tsx';
import orchestration from '../../../../src/content/programs/orchestration.json' with { type: 'json' };

const content = orchestration as unknown as ProgramContent;
const image = { src: '/art.svg', width: 800, height: 600 };
const offer = { name: 'AI Experience Orchestration Program', href: '/offer/ai-experience-orchestration' };

describe('ProgramPage', () => {
  it('renders the content it is given, section by section', () => {
    render(<ProgramPage slug="orchestration" content={content} image={image} offer={offer} />);
    // A no-break space keeps the "·" with the program's name where the heading wraps.
    expect(
      screen.getByRole('heading', { level: 1, name: `${content.title}\u00a0· ${offer.name}` }),
    ).toBeInTheDocument();
    expect(screen.getByText('The Challenge')).toBeInTheDocument();
    const challenge = screen.getByRole('region', { name: content.pain.title });
    expect(within(challenge).getAllByRole('listitem')).toHaveLength(content.pain.points.length);
    expect(screen.getByRole('list', { name: 'Your team will:' }).children).toHaveLength(content.value.outcomes.length);
    expect(screen.getByRole('list', { name: content.clarity.isTitle }).children).toHaveLength(
      content.clarity.isFor.length,
    );
    expect(screen.getByRole('list', { name: content.clarity.isNotTitle }).children).toHaveLength(
      content.clarity.isNotFor.length,
    );
    expect(screen.getByText(content.cta.note)).toBeInTheDocument();
  });

  it('makes both waiting-list buttons links to /waitlist that the island can take over', () => {
    render(<ProgramPage slug="orchestration" content={content} image={image} offer={offer} />);
    const buttons = screen.getAllByRole('link', { name: 'Join the Waiting List' });
    expect(buttons).toHaveLength(2);
    for (const button of buttons) {
      expect(button).toHaveAttribute('href', '/waitlist?program=orchestration');
      expect(button).toHaveAttribute('data-waitlist-trigger', '');
      expect(button).toHaveAttribute('data-program', 'orchestration');
    }
    expect(screen.getByRole('link', { name: 'Apply for Discovery Call' })).toHaveAttribute('href', '/#apply');
    expect(
      screen.getByRole('link', { name: /^See the offer ?\(AI Experience Orchestration Program\)$/ }),
    ).toHaveAttribute('href', '/offer/ai-experience-orchestration');
  });
});
