// The photo pipeline (docs/photos.md): sniff the type from the bytes (never the file name), decode
// with sharp, turn upright from the EXIF orientation, drop every piece of metadata (a phone's EXIF
// carries where the picture was taken), and write AVIF, WebP and JPEG at the variant widths plus
// the dominant colour as the loading placeholder. Content-addressed: a photo is known by the
// SHA-256 of its source bytes (never decoded twice) and stored under its first 128 bits.
import { createHash } from "node:crypto";
import sharp from "sharp";
import type { Metadata, OutputInfo, Sharp } from "sharp";
import { PHOTO_LIMITS, PHOTO_WIDTHS, photoKeyOf, type ListingPhoto, type PhotoFormat } from "../../lib/photos.ts";
import type { PhotoStore } from "./store.server.ts";

/** A photo that cannot be used. `transient` failures (network, a busy host) are retried. */
export class PhotoError extends Error {
  readonly transient: boolean;
  constructor(message: string, transient = false) {
    super(message);
    this.name = "PhotoError";
    this.transient = transient;
  }
}

export type SniffedType = "jpeg" | "png" | "webp" | "avif" | "heic";

const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]);

/** The image type by its first bytes, or null when it is not one we take. */
export function sniffImageType(b: Uint8Array): SniffedType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a)
    return "png";
  const ascii = (from: number, to: number) => (b.length >= to ? String.fromCharCode(...b.subarray(from, to)) : "");
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (ascii(4, 8) === "ftyp") {
    const size = Math.min(b.length, Math.max(16, (b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]));
    const brands = [ascii(8, 12)];
    for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(at, at + 4));
    if (brands.includes("avif") || brands.includes("avis")) return "avif";
    if (brands.some((x) => HEIC_BRANDS.has(x)) || brands[0] === "mif1" || brands[0] === "msf1") return "heic";
  }
  return null;
}

export function contentHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Encoder settings: quality for the size, low effort so a 2-core machine keeps up with a feed. */
const ENCODE: Record<PhotoFormat, (s: Sharp) => Sharp> = {
  avif: (s) => s.avif({ quality: 50, effort: 2 }),
  webp: (s) => s.webp({ quality: 72, effort: 2 }),
  jpg: (s) => s.jpeg({ quality: 78, progressive: true }),
};

export const variantKey = (key: string, width: number, format: PhotoFormat) => `${key}-${width}.${format}`;

export interface ProcessedPhoto extends ListingPhoto {
  /** SHA-256 of the source bytes, hex. */
  hash: string;
  /** False when the hash was already stored: nothing was decoded. */
  decoded: boolean;
}

/**
 * Processes one source photo into the store. `known` answers whether a hash is already processed
 * (the photos table); then nothing is decoded. Throws PhotoError with the reason a photo is refused.
 */
export async function processPhoto(bytes: Uint8Array, store: PhotoStore, known: (hash: string) => Promise<ListingPhoto | null>): Promise<ProcessedPhoto> {
  if (bytes.length > PHOTO_LIMITS.maxBytes) throw new PhotoError(`file is larger than ${PHOTO_LIMITS.maxBytes / 1024 / 1024} MB`);
  const hash = contentHash(bytes);
  const already = await known(hash);
  if (already) return { ...already, hash, decoded: false };
  const key = photoKeyOf(hash);
  const type = sniffImageType(bytes);
  if (!type) throw new PhotoError("not an image (JPEG, PNG, WebP or AVIF expected; the content decides, not the file name)");
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { failOn: "error" }).metadata();
  } catch (e) {
    if (type === "heic") throw new PhotoError("HEIC photo cannot be decoded here (the image library has no HEVC decoder): send JPEG, PNG, WebP or AVIF");
    throw new PhotoError(`damaged ${type.toUpperCase()} file (${(e as Error).message})`);
  }
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  if (width < PHOTO_LIMITS.minWidth) throw new PhotoError(`photo is ${width} px wide; at least ${PHOTO_LIMITS.minWidth} px needed`);

  // Decode once, upright, at the widest variant; the smaller variants come from that.
  const top = Math.min(width, PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]);
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(bytes, { failOn: "error" })
      .rotate()
      .resize({ width: top, withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (e) {
    if (type === "heic") throw new PhotoError("HEIC photo cannot be decoded here (the image library has no HEVC decoder): send JPEG, PNG, WebP or AVIF");
    throw new PhotoError(`damaged ${type.toUpperCase()} file (${(e as Error).message})`);
  }
  const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } } as const;
  const widths = PHOTO_WIDTHS.filter((w, i) => i === 0 || w <= width);
  for (const w of widths) {
    const resized = w === base.info.width ? sharp(base.data, raw) : sharp(base.data, raw).resize({ width: w });
    const scaled = await resized.raw().toBuffer({ resolveWithObject: true });
    const src = { raw: { width: scaled.info.width, height: scaled.info.height, channels: scaled.info.channels } } as const;
    // Output carries no metadata: sharp writes none unless asked (no EXIF, GPS, XMP, ICC name).
    await Promise.all(
      (Object.keys(ENCODE) as PhotoFormat[]).map(async (format) => {
        const out = await ENCODE[format](sharp(scaled.data, src)).toBuffer();
        await store.put(variantKey(key, w, format), out);
      }),
    );
  }
  const { dominant } = await sharp(base.data, raw).resize({ width: 64 }).stats();
  const hex = (n: number) => Math.round(n).toString(16).padStart(2, "0");
  const color = `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`;
  return { hash, key, width, height, widths: [...widths], color, decoded: true };
}
