import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { KeepHyphenated } from '../../../../src/components/ui/KeepHyphenated.tsx';

// As Astro renders a component: renderToString's HTML, with the seams hydration reads.
const html = (text: string) => renderToString(<h2>{<KeepHyphenated text={text} />}</h2>);
const WHOLE = '<span class="inline-block max-w-full">';

describe('KeepHyphenated', () => {
  it('keeps each hyphenated word whole in a span, the text between as it was', () => {
    expect(html('Designing a Teen-Led Path to Self-Managed Care')).toBe(
      `<h2>Designing a ${WHOLE}Teen-Led</span> Path to ${WHOLE}Self-Managed</span> Care</h2>`,
    );
  });

  it('writes the text between two hyphenated words as one text node, with no separators in the HTML', () => {
    // React marks the seam between two adjacent text nodes with <!-- -->: one node per run, none.
    expect(html('A Human-Centered, AI-Powered Service for Everyone in the Room')).not.toContain('<!--');
  });

  it('keeps a word with several hyphens, a number range and a word at either end whole', () => {
    expect(html('State-of-the-art 100-1,000 plans for Day-One')).toBe(
      `<h2>${WHOLE}State-of-the-art</span> ${WHOLE}100-1,000</span> plans for ${WHOLE}Day-One</span></h2>`,
    );
  });

  it('leaves text without a hyphenated word as plain text, a dash between spaces included', () => {
    expect(html('Retention rose - by a third')).toBe('<h2>Retention rose - by a third</h2>');
  });
});
