// Reads a photo's source bytes (docs/photos.md): an http(s) URL, downloaded with a timeout and a
// size cap, or a file path relative to the feed file's directory (local imports). Every refusal
// is a PhotoError with the reason the feed summary prints; network trouble is `transient`.
import { open, realpath } from "node:fs/promises";
import path from "node:path";
import { PHOTO_LIMITS } from "../../lib/photos.ts";
import { PhotoError } from "./process.server.ts";

export interface FetchOptions {
  timeoutMs: number;
  maxBytes?: number;
}

const MB = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;

/** What a feed's photo reference is, or why it cannot be one. */
export function classifyPhotoRef(ref: string, baseDir: string | null): { kind: "url" | "file" } | { error: string } {
  if (/^https?:\/\//i.test(ref)) {
    try {
      const u = new URL(ref);
      if (u.username || u.password) return { error: "photo URL must not carry a user name or password" };
      return { kind: "url" };
    } catch {
      return { error: "photo URL is not a valid address" };
    }
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(ref) && !/^[a-z]:[\\/]/i.test(ref)) return { error: "photo must be an http(s) URL or a file path relative to the feed file" };
  if (path.isAbsolute(ref) || /^[a-z]:[\\/]/i.test(ref)) return { error: "photo file path must be relative to the feed file" };
  if (!baseDir) return { error: "photo file paths work only when the feed is imported from a file (npm run feed)" };
  const resolved = path.resolve(baseDir, ref);
  if (resolved !== baseDir && !resolved.startsWith(baseDir + path.sep)) return { error: "photo file path leaves the feed file's directory" };
  return { kind: "file" };
}

async function readCapped(body: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > max) {
      await reader.cancel().catch(() => {});
      throw new PhotoError(`file is larger than ${MB(max)}`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

export async function fetchPhotoBytes(source: string, baseDir: string | null, options: FetchOptions): Promise<Uint8Array> {
  const max = options.maxBytes ?? PHOTO_LIMITS.maxBytes;
  const ref = classifyPhotoRef(source, baseDir);
  if ("error" in ref) throw new PhotoError(ref.error);
  if (ref.kind === "file") return readLocal(path.resolve(baseDir!, source), baseDir!, max);
  const signal = AbortSignal.timeout(options.timeoutMs);
  const seconds = `${Math.round(options.timeoutMs / 100) / 10} s`;
  try {
    const res = await fetch(source, { signal, redirect: "follow", headers: { accept: "image/avif,image/webp,image/jpeg,image/png,image/*;q=0.8" } });
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      const transient = res.status >= 500 || res.status === 429 || res.status === 408;
      throw new PhotoError(`download failed: HTTP ${res.status}`, transient);
    }
    const length = Number(res.headers.get("content-length") ?? "");
    if (Number.isFinite(length) && length > max) {
      await res.body?.cancel().catch(() => {});
      throw new PhotoError(`file is larger than ${MB(max)} (${MB(length)})`);
    }
    if (!res.body) return new Uint8Array();
    return await readCapped(res.body, max);
  } catch (e) {
    if (e instanceof PhotoError) throw e;
    const err = e as Error;
    if (err.name === "TimeoutError" || err.name === "AbortError" || signal.aborted) throw new PhotoError(`download timed out after ${seconds}`, true);
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new PhotoError(`download failed: ${cause?.code ?? cause?.message ?? err.message}`, true);
  }
}

async function readLocal(file: string, baseDir: string, max: number): Promise<Uint8Array> {
  let real: string;
  try {
    real = await realpath(file);
  } catch {
    throw new PhotoError("photo file not found");
  }
  const realBase = await realpath(baseDir).catch(() => baseDir);
  if (!real.startsWith(realBase + path.sep)) throw new PhotoError("photo file path leaves the feed file's directory");
  const fh = await open(real, "r").catch(() => null);
  if (!fh) throw new PhotoError("photo file cannot be read");
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw new PhotoError("photo path is not a file");
    if (st.size > max) throw new PhotoError(`file is larger than ${MB(max)} (${MB(st.size)})`);
    return await fh.readFile();
  } finally {
    await fh.close();
  }
}
