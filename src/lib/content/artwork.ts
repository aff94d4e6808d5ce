import type { ImageMetadata } from 'astro';

/** An image processed by the build: its URL and intrinsic size (so nothing shifts while it loads). */
export interface ArtworkSource {
  src: string;
  width: number;
  height: number;
}

/** What a React component needs of an image the build has processed. */
export function toArtwork(image: ImageMetadata): ArtworkSource {
  return { src: image.src, width: image.width, height: image.height };
}

/** Astro turns every imported .svg into a component that draws it inline; this gives it that type. */
export function inlineSvg(image: ImageMetadata): (props: Record<string, string>) => unknown {
  if (typeof image !== 'function') throw new Error(`${image.src} is not an SVG, so it cannot be drawn inline`);
  return image as never;
}
