import { describe, expect, it } from 'vitest';
import { countInWords, withStudyCount } from '../../../../src/lib/case-studies/study-count.ts';

describe('the number of case studies in the Results copy', () => {
  it('writes numbers under 100 in words and larger ones in figures', () => {
    expect(countInWords(1)).toBe('one');
    expect(countInWords(17)).toBe('seventeen');
    expect(countInWords(20)).toBe('twenty');
    expect(countInWords(42)).toBe('forty-two');
    expect(countInWords(99)).toBe('ninety-nine');
    expect(countInWords(100)).toBe('100');
  });

  it('replaces every {count}, with a capital where a sentence starts', () => {
    expect(withStudyCount('{count} engagements across healthcare.', 18)).toBe(
      'Eighteen engagements across healthcare.',
    );
    expect(withStudyCount('We ran {count} engagements. {count} of them were in healthcare!', 21)).toBe(
      'We ran twenty-one engagements. Twenty-one of them were in healthcare!',
    );
    expect(withStudyCount('{count} case studies', 120)).toBe('120 case studies');
  });

  it('leaves copy without the token as written', () => {
    expect(withStudyCount('Seventeen engagements, {counts} and {Count}.', 18)).toBe(
      'Seventeen engagements, {counts} and {Count}.',
    );
  });
});
