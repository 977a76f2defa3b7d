// The photo pipeline's refusals by content (docs/photos.md): the type comes from the bytes, a
// HEIC photo the image library cannot decode fails with a clear reason, a narrow photo is refused.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makePhoto } from "../../../tests/support/photo-images.ts";
import { PhotoError, processPhoto, sniffImageType } from "./process.server.ts";
import { directoryPhotoStore } from "./store.server.ts";

const dir = mkdtempSync(path.join(tmpdir(), "forecourt-process-"));
const store = directoryPhotoStore(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An ISO-BMFF header ("ftyp" box) with these brands, then junk. */
function isoFile(major: string, ...compatible: string[]): Buffer {
  const brands = [major, "\0\0\0\0", ...compatible].join("");
  const size = 8 + brands.length;
  const head = Buffer.alloc(4);
  head.writeUInt32BE(size);
  return Buffer.concat([head, Buffer.from(`ftyp${brands}`, "latin1"), Buffer.alloc(64, 7)]);
}

describe("sniffImageType", () => {
  it("goes by the bytes", async () => {
    expect(sniffImageType(await makePhoto(400, 300))).toBe("jpeg");
    expect(sniffImageType(await makePhoto(400, 300, { format: "png" }))).toBe("png");
    expect(sniffImageType(await makePhoto(400, 300, { format: "webp" }))).toBe("webp");
    expect(sniffImageType(isoFile("avif", "mif1", "miaf"))).toBe("avif");
    expect(sniffImageType(isoFile("mif1", "avif"))).toBe("avif");
    expect(sniffImageType(isoFile("heic", "mif1"))).toBe("heic");
    expect(sniffImageType(Buffer.from("GIF89a....."))).toBeNull();
    expect(sniffImageType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe("processPhoto", () => {
  const none = async () => null;
  it("refuses a HEIC it cannot decode with a clear reason, a narrow photo, and a non-image", async () => {
    await expect(processPhoto(isoFile("heic", "mif1"), store, none)).rejects.toThrow(/HEIC photo cannot be decoded here .*send JPEG, PNG, WebP or AVIF/);
    await expect(processPhoto(await makePhoto(319, 400), store, none)).rejects.toThrow("photo is 319 px wide; at least 320 px needed");
    const gif = processPhoto(Buffer.from("GIF89a\x01\x00\x01\x00"), store, none);
    await expect(gif).rejects.toBeInstanceOf(PhotoError);
    await expect(gif).rejects.toThrow(/^not an image/);
  });

  it("writes each width no wider than the photo, 320 always, and decodes known bytes never again", async () => {
    const bytes = await makePhoto(700, 500, { format: "png" });
    const p = await processPhoto(bytes, store, none);
    expect(p).toMatchObject({ width: 700, height: 500, widths: [320, 640], decoded: true });
    expect(p.key).toBe(p.hash.slice(0, 32));
    const again = await processPhoto(bytes, store, async () => ({ key: p.key, width: 700, height: 500, widths: [320, 640], color: p.color }));
    expect(again.decoded).toBe(false);
    const small = await processPhoto(await makePhoto(320, 240), store, none);
    expect(small.widths).toEqual([320]);
  });
});
