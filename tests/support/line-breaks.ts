/**
 * Headings (and the eyebrows above them) wrap where a reader expects: never with the "·" between a
 * program and its offer starting a line ("X" / "· AI Systems Integration"), never after the hyphen
 * of a word such as "60-day" or "Human-centered" ("Human-" / "centered Design"). Checked on every
 * page at every width by tests/e2e/layout.spec.ts, on the load that checks its overflow.
 */

/**
 * Runs in the page: for every heading and eyebrow in <main>, the line breaks that fall where they should not,
 * as "<heading text>: <the end of one line> | <the start of the next>".
 */
export function awkwardBreaks(): string[] {
  const found: string[] = [];
  const range = document.createRange();
  for (const heading of document.querySelectorAll('main :is(h1, h2, h3, .eyebrow)')) {
    // Each visible character with the top of its line box, in reading order.
    const characters: { character: string; top: number; height: number }[] = [];
    const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let index = 0; index < text.length; index += 1) {
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const box = [...range.getClientRects()].find((rect) => rect.width > 0);
        // A space the line ends on has no box; it still separates the words around it.
        characters.push(
          box
            ? { character: text[index]!, top: box.top, height: box.height }
            : { character: ' ', top: Number.NaN, height: 0 },
        );
      }
    }
    const visible = characters.filter((entry) => !Number.isNaN(entry.top) && entry.character.trim() !== '');
    for (let index = 1; index < visible.length; index += 1) {
      const before = visible[index - 1]!;
      const after = visible[index]!;
      if (after.top - before.top < Math.min(before.height, after.height) / 2) continue;
      // A new line starts at `after`. Was there a space between the two characters?
      const from = characters.indexOf(before);
      const to = characters.indexOf(after);
      const spaced = characters.slice(from + 1, to).some((entry) => entry.character.trim() === '');
      const endOfLine = characters
        .slice(Math.max(0, from - 12), from + 1)
        .map((entry) => entry.character)
        .join('');
      const startOfLine = characters
        .slice(to, to + 12)
        .map((entry) => entry.character)
        .join('');
      const quote = `${(heading.textContent ?? '').trim()}: ${endOfLine} | ${startOfLine}`;
      if (after.character === '·') found.push(quote);
      if (before.character === '-' && !spaced) found.push(quote);
    }
  }
  return found;
}
