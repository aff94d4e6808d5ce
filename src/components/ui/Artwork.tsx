import { cn } from '../../lib/cn.ts';

/** An image processed by the build: its URL and intrinsic size (so nothing shifts while it loads). */
export interface ArtworkSource {
  src: string;
  width: number;
  height: number;
}

export interface ArtworkProps {
  image: ArtworkSource;
  /** Empty string marks the artwork as decorative. */
  alt: string;
  className?: string;
  /** Only the one hero image above the fold is eager and high priority. */
  priority?: boolean;
  sizes?: string;
}

export function Artwork({ image, alt, className, priority = false, sizes }: ArtworkProps) {
  return (
    <img
      src={image.src}
      width={image.width}
      height={image.height}
      alt={alt}
      sizes={sizes}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={cn('h-auto w-full', className)}
    />
  );
}
