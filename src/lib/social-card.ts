import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import heroArtwork from '../assets/art/home-hero.svg?raw';

/**
 * The 1200x630 social card for a page: its title over the brand's deep ink, the accent rule and
 * the hero artwork. Rendered to PNG at build time (no web font: the machine's sans-serif).
 */
const WIDTH = 1200;
const HEIGHT = 630;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Greedy word wrap into at most `maxLines` lines of about `width` characters. */
export function wrapTitle(title: string, width = 26, maxLines = 4): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[\s,.;:]+$/, '')}…`;
  return kept;
}

const artwork = Buffer.from(heroArtwork).toString('base64');

export async function renderSocialCard(title: string, siteName: string): Promise<Buffer> {
  const lines = wrapTitle(title);
  const fontSize = lines.length > 3 ? 54 : 62;
  const text = lines
    .map((line, index) => `<tspan x="80" dy="${index === 0 ? 0 : fontSize * 1.15}">${escapeXml(line)}</tspan>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="accent" x1="0" x2="1" y1="0" y2="0">
      <stop offset="0" stop-color="#ffb86b"/><stop offset="0.35" stop-color="#ff8a70"/>
      <stop offset="0.7" stop-color="#b69cff"/><stop offset="1" stop-color="#7ee0f5"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="#0b1020"/>
  <image href="data:image/svg+xml;base64,${artwork}" x="560" y="40" width="720" height="540" opacity="0.9"/>
  <rect x="80" y="96" width="96" height="4" rx="2" fill="url(#accent)"/>
  <text x="80" y="${250 - (lines.length - 1) * 22}" font-family="Inter, 'DejaVu Sans', sans-serif" font-size="${fontSize}" font-weight="700" fill="#f4f1ea">${text}</text>
  <text x="80" y="550" font-family="Inter, 'DejaVu Sans', sans-serif" font-size="28" font-weight="600" fill="#b9bdcc">${escapeXml(siteName)}</text>
</svg>`;
  return cached(svg, () => sharp(Buffer.from(svg)).png(PNG).toBuffer());
}

/** A 256-colour palette: a third of the bytes of full colour, with no banding in the dark ground. */
const PNG = { compressionLevel: 9, palette: true } as const;

/**
 * Cards already made, by what they are made of. Quantising a card to its palette takes about 0.2 s
 * (the palette's lower efforts leave blotches in the dark ground), most of a build's time for 32
 * cards, and a card changes only with its title: every build after the first (CI makes seven, the
 * editor one per publish) reuses the rest. Kept in node_modules/.cache, the usual place for a tool's
 * cache, which CI's copies of the project share through their linked node_modules; each file is
 * named by its content's hash and written whole before it is renamed into place, so builds side by
 * side never read half a card. A cache that cannot be read or written costs only the time.
 */
export const SOCIAL_CARD_CACHE = path.resolve('node_modules/.cache/humanwise-social-cards');

async function cached(svg: string, render: () => Promise<Buffer>): Promise<Buffer> {
  const key = createHash('sha256')
    .update(`${sharp.versions.vips}\n${JSON.stringify(PNG)}\n${svg}`)
    .digest('hex');
  const file = path.join(SOCIAL_CARD_CACHE, `${key}.png`);
  const kept = await readFile(file).catch(() => null);
  if (kept) return kept;
  const card = await render();
  const partial = `${file}.${randomUUID()}`;
  await mkdir(SOCIAL_CARD_CACHE, { recursive: true })
    .then(() => writeFile(partial, card))
    .then(() => rename(partial, file))
    .catch(() => undefined);
  return card;
}
