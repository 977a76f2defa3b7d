// Dealer photos as pages show them (docs/photos.md). Pure code shared by server and browser: the
// limits a feed's photos must meet, the variant widths and formats the pipeline writes, and the
// URLs of those variants.

/** Limits on a feed's photos; a photo that breaks one is reported and left out, never the car. */
export const PHOTO_LIMITS = {
  /** Photos kept per vehicle (the rest are reported as skipped). */
  perVehicle: 60,
  /** Bytes of one source file. */
  maxBytes: 15 * 1024 * 1024,
  /** Pixels across, after EXIF orientation. */
  minWidth: 320,
} as const;

/** Widths of the stored variants (never wider than the source; the narrowest always exists). */
export const PHOTO_WIDTHS = [320, 640, 1024, 1600] as const;

/** Stored formats, best first: AVIF and WebP, JPEG as the fallback every browser shows. */
export const PHOTO_FORMATS = ["avif", "webp", "jpg"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export const PHOTO_CONTENT_TYPES: Record<PhotoFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
};

/** Photos per card carousel ("image carousel 4 images"). */
export const CARD_PHOTOS = 4;

/** A processed photo as a page needs it. */
export interface ListingPhoto {
  /** The photo's name in URLs and in the store: the first 128 bits of its content's SHA-256, hex. */
  key: string;
  width: number;
  height: number;
  /** Variant widths available, ascending. */
  widths: number[];
  /** Dominant colour, the placeholder behind the picture while it loads. */
  color: string;
}

export const PHOTO_PATH_PREFIX = "/photos";

/** A photo's key from the SHA-256 (hex) of its source bytes: 128 bits keep URLs short, and unique. */
export function photoKeyOf(sha256Hex: string): string {
  return sha256Hex.slice(0, 32);
}

export function photoUrl(key: string, width: number, format: PhotoFormat): string {
  return `${PHOTO_PATH_PREFIX}/${key}-${width}.${format}`;
}

/** "url 320w, url 640w, ..." up to `maxWidth` (a card never needs the 1600 px variant). */
export function photoSrcSet(p: ListingPhoto, format: PhotoFormat, maxWidth = Infinity): string {
  return p.widths
    .filter((w, i) => i === 0 || w <= maxWidth)
    .map((w) => `${photoUrl(p.key, w, format)} ${w}w`)
    .join(", ");
}

/** The JPEG of about `want` pixels across (for JSON-LD, Open Graph and the plain `src`). */
export function photoFallbackUrl(p: ListingPhoto, want = 1024): string {
  const w = p.widths.filter((x) => x <= want).at(-1) ?? p.widths[0];
  return photoUrl(p.key, w, "jpg");
}

const FILE_RE = /^([0-9a-f]{32})-(\d{3,4})\.(avif|webp|jpg)$/;

/** "<key>-640.webp" -> its parts; null for any other name. */
export function parsePhotoFile(name: string): { key: string; width: number; format: PhotoFormat } | null {
  const m = FILE_RE.exec(name);
  if (!m) return null;
  const width = Number(m[2]);
  if (!(PHOTO_WIDTHS as readonly number[]).includes(width)) return null;
  return { key: m[1], width, format: m[3] as PhotoFormat };
}

/** "1 photo", "12 photos". */
export function photoCountLabel(n: number): string {
  return n === 1 ? "1 photo" : `${n} photos`;
}

/** Shown instead of a photo count when a listing has no photo yet: its picture is a drawing. */
export const ILLUSTRATION_LABEL = "Photos coming soon";
