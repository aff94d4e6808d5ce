import { Fragment, type ReactNode } from 'react';

/**
 * Display text with each hyphenated word kept on one line ("Human-centered", "100-1,000"): browsers
 * break after a hyphen, which in a large heading leaves "Human-" dangling at a line's end. The
 * content keeps plain hyphens (search, copy and paste, and screen readers see the same text); only
 * the rendering wraps such words in a span. The span is an inline block capped at the line's width,
 * not `white-space: nowrap`: it moves to the next line whole, and only a word wider than the whole
 * line (a 36 px "human-centered" on a 320 px phone) still breaks at its hyphen instead of
 * overflowing the screen. Words without a hyphen wrap as usual.
 */
export function KeepHyphenated({ text }: { text: string }): ReactNode {
  // Split around each hyphenated word (a run of non-spaces holding "x-y"): the captured words land
  // at the odd indexes, and the text between them stays one string, spaces and all. One text node
  // between spans, rather than one per word, is also what keeps React from writing a `<!-- -->`
  // between every two words of the HTML (about 70 bytes of brotli on /results).
  const parts = text.split(/(\S*\S-\S\S*)/);
  if (parts.length === 1) return text;
  // biome-ignore-start lint/suspicious/noArrayIndexKey: the parts of one fixed string; the index is their identity
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} className="inline-block max-w-full">
        {part}
      </span>
    ) : part === '' ? null : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
  // biome-ignore-end lint/suspicious/noArrayIndexKey: see above
}
