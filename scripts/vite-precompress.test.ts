// The build's compressed copies (scripts/vite-precompress.ts): every script, style sheet and SVG
// gets a brotli and a gzip copy whatever its size, each kept only when smaller than the file.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { precompress } from "./vite-precompress.ts";

const root = mkdtempSync(path.join(tmpdir(), "forecourt-precompress-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("precompressed copies", () => {
  it("are written for small files too, only where smaller, and hold the file's bytes", () => {
    const dir = path.join(root, "client");
    mkdirSync(dir);
    const files = {
      "small.js": `export const hydrated = () => { const flag = "hydrated"; return flag + flag; };\n`.repeat(3), // about 250 bytes
      "big.js": `export const cars = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `car ${i}`))};\n`,
      "tiny.js": "x",
      "photo.png": "not a script",
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    const plugin = precompress() as unknown as { writeBundle: (o: { dir: string }, b: Record<string, unknown>) => void };
    plugin.writeBundle({ dir }, Object.fromEntries(Object.keys(files).map((f) => [f, {}])));
    for (const name of ["small.js", "big.js"]) {
      const file = path.join(dir, name);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString(), name).toBe(files[name as keyof typeof files]);
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString(), name).toBe(files[name as keyof typeof files]);
      expect(readFileSync(`${file}.br`).length).toBeLessThan(readFileSync(file).length);
    }
    // One byte cannot be made smaller; a picture is not compressed at all.
    for (const name of ["tiny.js.br", "tiny.js.gz", "photo.png.br", "photo.png.gz"]) expect(existsSync(path.join(dir, name)), name).toBe(false);
  });
});
