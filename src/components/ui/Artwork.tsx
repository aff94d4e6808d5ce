import { cn } from '../../lib/cn.ts';
import type { ArtworkSource } from '../../lib/content/artwork.ts';

export type { ArtworkSource };

export interface ArtworkProps {
  image: ArtworkSource;
  /** Empty string marks the artwork as decorative. */
  alt: string;
  className?: string;
  /** Only the page's one hero image is high priority (and eager). */
  priority?: boolean;
  /**
   * Load at once but at low priority: images in the first row of a grid, next to a text headline.
   * They must not compete with the document and the text that is the page's largest paint.
   */
  eager?: boolean;
}

/**
 * The site's artwork is SVG: one file draws sharp at every width, so the image has no srcset and
 * therefore no `sizes` (which HTML allows only with a srcset). A raster would go through astro:assets' <Picture>.
 */
export function Artwork({ image, alt, className, priority = false, eager = false }: ArtworkProps) {
  return (
    <img
      src={image.src}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority || eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : eager ? 'low' : undefined}
      className={cn('h-auto w-full', className)}
    />
  );
}
