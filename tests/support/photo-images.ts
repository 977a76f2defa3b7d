// Generated test photos (no binaries in the repository): JPEG / PNG / WebP made with sharp, with a
// gradient and a little noise so every call gives different bytes, and optionally a phone's EXIF
// (GPS position, orientation) that the pipeline must strip.
import sharp from "sharp";

export interface MakeOptions {
  format?: "jpeg" | "png" | "webp";
  /** Write GPS EXIF (a position near Austin, TX) and a camera model. */
  gps?: boolean;
  /** EXIF orientation tag (6 = turned 90 degrees clockwise). */
  orientation?: number;
  quality?: number;
}

let counter = 0;

export async function makePhoto(width: number, height: number, o: MakeOptions = {}): Promise<Buffer> {
  const n = ++counter;
  const hue = (n * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},45%,30%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="hsl(${(hue + 200) % 360},60%,70%)"/>
    <text x="5%" y="20%" font-size="${Math.round(height / 8)}" fill="white">${n}</text>
  </svg>`;
  let img = sharp(Buffer.from(svg)).composite([
    {
      input: { create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 }, noise: { type: "gaussian", mean: 128, sigma: 6 } } },
      blend: "overlay",
    },
  ]);
  if (o.gps) {
    img = img.withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 15" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "30/1 16/1 2/1", GPSLongitudeRef: "W", GPSLongitude: "97/1 44/1 35/1" },
    });
  }
  if (o.orientation) img = img.withMetadata({ orientation: o.orientation });
  const format = o.format ?? "jpeg";
  if (format === "png") return img.png().toBuffer();
  if (format === "webp") return img.webp({ quality: o.quality ?? 80 }).toBuffer();
  return img.jpeg({ quality: o.quality ?? 85 }).toBuffer();
}

/** Whether an EXIF block (sharp's metadata().exif) has a GPS directory (tag 0x8825 in either byte order). */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}
