import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderSocialCard, SOCIAL_CARD_CACHE, wrapTitle } from '../../../src/lib/social-card.ts';

describe('wrapTitle', () => {
  it('wraps at word boundaries within the width', () => {
    expect(wrapTitle('Designing a Teen-Led Path to Self-Managed Care')).toEqual([
      'Designing a Teen-Led Path',
      'to Self-Managed Care',
    ]);
  });
  it('keeps at most four lines and marks the cut', () => {
    const lines = wrapTitle('one two three four five six seven eight nine ten eleven twelve thirteen fourteen', 10);
    expect(lines).toHaveLength(4);
    expect(lines[3]!.endsWith('…')).toBe(true);
  });
});

describe('renderSocialCard', () => {
  const cards = () => readdirSync(SOCIAL_CARD_CACHE).filter((name) => name.endsWith('.png'));

  it('makes a 1200x630 palette PNG once, then serves the same card from the cache', async () => {
    // A title no build has used, so the first render is a new card.
    const title = `Rethinking Claims for a Regional Insurer ${randomUUID()}`;
    const first = await renderSocialCard(title, 'Humanwise');
    expect(await sharp(first).metadata()).toMatchObject({
      format: 'png',
      width: 1200,
      height: 630,
      isPalette: true,
    });
    const kept = cards().filter((name) => readFileSync(path.join(SOCIAL_CARD_CACHE, name)).equals(first));
    expect(kept).toHaveLength(1);

    const again = await renderSocialCard(title, 'Humanwise');
    expect(again.equals(first)).toBe(true);
    // Another title is another card, not the one kept.
    const other = await renderSocialCard(`${title} and Its Adjusters`, 'Humanwise');
    expect(other.equals(first)).toBe(false);
  });
});
