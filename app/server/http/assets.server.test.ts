import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedAssets } from "./assets.server.ts";
import { rawGet } from "../../../tests/support/raw-get.ts";

const SCRIPT = `export const cars = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `car ${i}`))};\n`;
let dir: string;
let base: string;
let close: () => void;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "forecourt-assets-"));
  writeFileSync(path.join(dir, "app-1.js"), SCRIPT);
  writeFileSync(path.join(dir, "app-1.js.br"), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dir, "app-1.js.gz"), gzipSync(SCRIPT));
  writeFileSync(path.join(dir, "plain-2.js"), "export {};\n");
  const app = express();
  app.use("/assets", precompressedAssets(dir, { maxAge: "1y", immutable: true }));
  app.use("/assets", express.static(dir));
  const server = app.listen(0);
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets`;
  close = () => server.close();
});
afterAll(() => {
  close();
  rmSync(dir, { recursive: true, force: true });
});

/** The raw bytes and headers (fetch would decode the body). */
const raw = (file: string, acceptEncoding: string) => rawGet(`${base}/${file}`, { "accept-encoding": acceptEncoding });

describe("precompressed assets", () => {
  it("sends the brotli copy to a client that takes brotli, with the script's type and long caching", async () => {
    const r = await raw("app-1.js", "gzip, deflate, br");
    expect(r.headers["content-encoding"]).toBe("br");
    expect(r.headers["content-type"]).toMatch(/javascript/);
    expect(r.headers["cache-control"]).toContain("immutable");
    expect(r.headers.vary).toContain("Accept-Encoding");
    expect(brotliDecompressSync(r.body).toString()).toBe(SCRIPT);
  });

  it("sends the gzip copy when brotli is not taken, and the file itself when neither is", async () => {
    const gz = await raw("app-1.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const plain = await raw("app-1.js", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it("leaves files without copies, and missing files, to the static server", async () => {
    const r = await raw("plain-2.js", "br");
    expect(r.status).toBe(200);
    expect(r.body.toString()).toBe("export {};\n");
    expect((await raw("nope.js", "br")).status).toBe(404);
    expect((await raw("app-1.js.br/../app-1.js", "br")).status).not.toBe(500);
  });
});
