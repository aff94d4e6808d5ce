import type { ImageMetadata } from 'astro';
import type { ArtworkSource } from '../../components/ui/Artwork.tsx';

/** What a React component needs of an image the build has processed. */
export function toArtwork(image: ImageMetadata): ArtworkSource {
  return { src: image.src, width: image.width, height: image.height };
}
