import { ILLUSTRATION_LABEL, photoFallbackUrl, photoSrcSet, type ListingPhoto } from "../lib/photos";
import { vehicleImagePath } from "../lib/vehicle-image-path";

/**
 * A dealer photo (docs/photos.md): AVIF and WebP sources with srcset / sizes, a JPEG img as the
 * fallback, its real width and height (nothing shifts) and its dominant colour behind it while
 * it loads.
 */
export function Photo({
  photo,
  alt,
  sizes,
  eager = false,
  className,
  maxWidth,
}: {
  photo: ListingPhoto;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
  /** Widest variant offered (default all). */
  maxWidth?: number;
}) {
  return (
    <picture>
      <source type="image/avif" srcSet={photoSrcSet(photo, "avif", maxWidth)} sizes={sizes} />
      <source type="image/webp" srcSet={photoSrcSet(photo, "webp", maxWidth)} sizes={sizes} />
      <img
        src={photoFallbackUrl(photo, 640)}
        srcSet={photoSrcSet(photo, "jpg", maxWidth)}
        sizes={sizes}
        alt={alt}
        width={photo.width}
        height={photo.height}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        decoding="async"
        style={{ backgroundColor: photo.color }}
        className={className}
      />
    </picture>
  );
}

/** A listing's picture where it has no photo yet: its body-style drawing, marked as one. */
export function Illustration({
  bodyStyleCode,
  color,
  view = 0,
  eager = false,
  className,
  width = 400,
  height = 300,
}: {
  bodyStyleCode: string;
  color: string;
  view?: number;
  eager?: boolean;
  className?: string;
  width?: number;
  height?: number;
}) {
  return (
    <img
      src={vehicleImagePath(bodyStyleCode, color, view)}
      alt=""
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className={className}
    />
  );
}

/** The label on a picture that is a drawing, not a photo of the car (`short` on a thumbnail: the word alone). */
export function IllustrationBadge({ className = "", short = false }: { className?: string; short?: boolean }) {
  return (
    <span className={`photo-badge ${className}`} data-illustration="">
      {short ? "Illustration" : `Illustration · ${ILLUSTRATION_LABEL}`}
    </span>
  );
}
