/**
 * How many case studies are published, where the Results page's copy says it. The marketing team
 * writes `{count}` for the number ("{count} engagements across…"), so publishing a study never
 * leaves the page giving the number there were before. Written out in words under 100, as the
 * firm's copy writes numbers, with a capital where it opens a sentence; from 100 on, in figures.
 * Hand-written: a number-to-words library covers every language and size for a word below 100.
 */
export const STUDY_COUNT_TOKEN = '{count}';

const UNITS = (
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen ' +
  'sixteen seventeen eighteen nineteen'
).split(' ');
const TENS = ' ten twenty thirty forty fifty sixty seventy eighty ninety'.split(' ');

/** 17 -> "seventeen", 42 -> "forty-two", 120 -> "120". */
export function countInWords(count: number): string {
  if (count < 20) return UNITS[count]!;
  if (count < 100) return `${TENS[Math.floor(count / 10)]}${count % 10 ? `-${UNITS[count % 10]}` : ''}`;
  return String(count);
}

/** `copy` with each `{count}` replaced by `count` in words, capitalised at the start of a sentence. */
export function withStudyCount(copy: string, count: number): string {
  const words = countInWords(count);
  const opening = `${words[0]!.toUpperCase()}${words.slice(1)}`;
  return copy
    .split(STUDY_COUNT_TOKEN)
    .reduce((text, rest) => `${text}${/(?:^|[.!?]\s+)$/.test(text) ? opening : words}${rest}`);
}
