import { describe, expect, it } from 'vitest';
import { wrapTitle } from '../../../src/lib/social-card.ts';

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
