import type { Photo } from '@karta/contracts';

interface PhotoImageProps {
  photo: Photo;
  size: 'thumb' | 'large';
  alt: string;
  className?: string;
  /** Off-screen photos load when they come near (the default); the first one may load at once. */
  loading?: 'lazy' | 'eager';
}

/**
 * A photo's file at its own aspect ratio: `width` and `height` let the browser keep its space
 * before it loads, so nothing below it moves (CLS 0).
 */
export function PhotoImage({ photo, size, alt, className = '', loading = 'lazy' }: PhotoImageProps) {
  const width = size === 'thumb' ? 320 : photo.width;
  const height = Math.max(1, Math.round((photo.height * width) / photo.width));
  return (
    <img
      src={photo.urls[size]}
      width={width}
      height={height}
      alt={alt}
      loading={loading}
      decoding="async"
      className={`h-auto bg-gray-100 ${className}`}
      data-testid={`photo-${size}`}
    />
  );
}
