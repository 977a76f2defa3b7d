// A short-lived cache of whole responses for anonymous visitors (a "microcache"), in front of
// React Router: results pages, vehicle pages and type-ahead suggestions. Most traffic on a
// marketplace is anonymous and lands on a few popular searches; rendering a results page costs
// ~25 ms of CPU, serving it from here well under 1 ms plus compression.
//
// What keeps it honest (docs/decisions/012-page-cache.md):
// - Only GET requests that carry no Cookie and no Authorization header are served from or stored
//   in the cache: anything personal (session, compare list, saved cars, emailed marks, dismissed
//   showcase) comes from a cookie, so a request without one gets the same page as everyone else.
// - Only 200 responses without Set-Cookie are stored (the spec's cookies taken from the address
//   aside: the same for every request of that address, and set before the cache answers).
// - The key holds the search index's inventory version: any listing added, changed, sold or
//   hidden changes the version, and the next request renders afresh. The TTL (default 10 s)
//   bounds what the version does not cover (view counts, placements, "days on market").
// - The Content-Security-Policy nonce stays per response: the stored body keeps a placeholder
//   where the nonce was, and every hit gets a new nonce and its own policy header.
// - A vehicle page served from here still counts its view (onHit).
// Compression: each stored piece is also kept deflated, ending on a full flush (byte-aligned,
// history reset), so a hit for a gzip-accepting client is the pieces with the new nonce deflated
// between them, a gzip header and a trailer: no page-sized compression per request.
import { constants as zlibConstants, crc32, deflateRawSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { isbot } from "isbot";
import { acceptsEncoding } from "./encoding.server.ts";
import { CLICK_PARAMS } from "../../lib/routes.ts";

/**
 * The URL as a cache key: a listing link's click parameters (CLICK_PARAMS) change nothing on the
 * page, so every tile's link to a car shares the car's one entry.
 */
export function keyUrl(originalUrl: string): string {
  const q = originalUrl.indexOf("?");
  if (q < 0 || !CLICK_PARAMS.some((p) => originalUrl.includes(p))) return originalUrl;
  const params = new URLSearchParams(originalUrl.slice(q + 1));
  for (const p of CLICK_PARAMS) params.delete(p);
  const rest = params.toString();
  return rest ? `${originalUrl.slice(0, q)}?${rest}` : originalUrl.slice(0, q);
}

export interface PageCacheOptions {
  /** How long an entry may be served; 0 turns the cache off. */
  ttlMs: number;
  /** Most entries kept (least recently used first out). */
  maxEntries: number;
  /** Most body bytes kept in all. */
  maxBytes: number;
  /** The inventory version; a change makes every older entry unreachable. */
  version: () => number | string | null;
  createNonce: () => string;
  contentSecurityPolicy: (nonce: string) => string;
  /** Called on every hit (after the response is sent), e.g. to count a vehicle page view. */
  onHit?: (path: string, bot: boolean, req: Request) => void;
  now?: () => number;
}

/** Paths whose anonymous GET responses may be cached. */
export function isCacheablePath(path: string): boolean {
  if (path.endsWith(".data")) return false; // client navigations carry per-request revalidation
  if (path === "/cars-for-sale" || path.startsWith("/cars-for-sale/")) {
    return !path.startsWith("/cars-for-sale/searchoptions/");
  }
  return path.startsWith("/rest/lsc/marketplace/suggested/keywords/");
}

/**
 * Whether the response sets a cookie of its own. The spec's cookies taken from the address
 * (`res.locals.urlCookies`, app/server/http/spec-cookies.server.ts) do not count: every request
 * for the same address sets the same ones, before the cache answers.
 */
function setsOwnCookies(res: Response): boolean {
  const header = res.getHeader("set-cookie");
  if (header === undefined) return false;
  const fromUrl = new Set((res.locals.urlCookies as string[] | undefined) ?? []);
  return (Array.isArray(header) ? header : [String(header)]).some((c) => !fromUrl.has(c));
}

/** Headers of the first response that are not replayed: per response or per connection. */
const NOT_REPLAYED = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "date",
  "etag",
  "server-timing",
  "x-request-id",
  "content-security-policy",
  "vary",
]);

interface Entry {
  key: string;
  expires: number;
  headers: [string, string | string[]][];
  /** The body (UTF-8) split at every place the first response's nonce stood. */
  parts: Buffer[];
  /** Each part deflated on its own: all but the last end on a full flush, the last finishes. */
  deflated: Buffer[];
  bytes: number;
  /** A request is rendering this page afresh; until it is done the entry is served past its TTL. */
  refreshing: boolean;
}

export interface PageCacheStats {
  hits: number;
  misses: number;
  stored: number;
  bypassed: number;
  entries: number;
  bytes: number;
}

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const stats = { hits: 0, misses: 0, stored: 0, bypassed: 0 };

  const drop = (e: Entry) => {
    entries.delete(e.key);
    bytes -= e.bytes;
  };
  const store = (e: Entry) => {
    const old = entries.get(e.key);
    if (old) drop(old);
    entries.set(e.key, e);
    bytes += e.bytes;
    for (const oldest of entries.values()) {
      if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break;
      drop(oldest);
    }
  };

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (options.ttlMs <= 0 || req.method !== "GET" || req.headers.cookie || req.headers.authorization || !isCacheablePath(req.path)) {
      if (options.ttlMs > 0 && req.method === "GET" && isCacheablePath(req.path)) stats.bypassed++;
      return next();
    }
    const version = options.version();
    if (version === null) return next(); // the index is still building
    const bot = isbot(req.headers["user-agent"] ?? "");
    const key = `${version}|${bot ? "b" : "p"}|${keyUrl(req.originalUrl)}`;
    const hit = entries.get(key);
    const t = now();
    // Past its TTL, an entry is still served (for at most one more TTL) while the one request
    // that found it expired renders the fresh page: no stampede of renders when a popular page
    // expires under load.
    const fresh = hit !== undefined && hit.expires > t;
    const stale = hit !== undefined && !fresh && hit.refreshing && hit.expires + options.ttlMs > t;
    if (hit && (fresh || stale)) {
      // Most recently used last.
      entries.delete(key);
      entries.set(key, hit);
      stats.hits++;
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      let nonce: Buffer | null = null;
      if (hit.parts.length > 1) {
        const value = options.createNonce();
        res.setHeader("Content-Security-Policy", options.contentSecurityPolicy(value));
        nonce = Buffer.from(value);
      }
      res.setHeader("X-Page-Cache", "hit");
      res.setHeader("Server-Timing", 'cache;desc="hit"');
      res.setHeader("Vary", "Accept-Encoding");
      if (acceptsEncoding(req.headers["accept-encoding"], "gzip")) {
        // Content-Encoding set here: the compression middleware leaves the body alone.
        res.setHeader("Content-Encoding", "gzip");
        res.status(200).end(gzipBody(hit, nonce));
      } else {
        res.status(200).end(joinParts(hit.parts, nonce));
      }
      options.onHit?.(req.path, bot, req);
      return;
    }
    if (hit && hit.expires + options.ttlMs > t) {
      hit.refreshing = true;
      // Whatever this request ends with, the next one past the TTL may try again.
      res.on("close", () => (hit.refreshing = false));
    } else if (hit) {
      drop(hit);
    }
    stats.misses++;
    res.setHeader("X-Page-Cache", "miss");
    // Record the body as React Router writes it (before compression, which wraps write/end earlier).
    const chunks: Buffer[] = [];
    let size = 0;
    let keep = true;
    const write = res.write.bind(res) as (...a: unknown[]) => boolean;
    const end = res.end.bind(res) as (...a: unknown[]) => Response;
    const record = (chunk: unknown, encoding: unknown) => {
      if (!keep || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buf = Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
          : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      size += buf.length;
      if (size > options.maxBytes / 4) keep = false;
      else chunks.push(Buffer.from(buf)); // a copy: the writer may reuse its buffer
    };
    res.write = function (chunk: unknown, encoding?: unknown, cb?: unknown) {
      record(chunk, encoding);
      return write(chunk, encoding, cb);
    } as Response["write"];
    res.end = function (chunk?: unknown, encoding?: unknown, cb?: unknown) {
      record(chunk, encoding);
      return end(chunk, encoding, cb);
    } as Response["end"];
    // Stored once the response is complete: the headers are final by then.
    res.on("finish", () => finish());

    const finish = () => {
      if (!keep || res.statusCode !== 200 || setsOwnCookies(res)) return;
      const type = String(res.getHeader("content-type") ?? "");
      if (!/^(text\/html|application\/json)/.test(type)) return;
      const cacheControl = String(res.getHeader("cache-control") ?? "");
      if (/no-store|private/.test(cacheControl)) return;
      const body = Buffer.concat(chunks);
      const nonce = /'nonce-([^']+)'/.exec(String(res.getHeader("content-security-policy") ?? ""))?.[1];
      const headers: [string, string | string[]][] = [];
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value === undefined || NOT_REPLAYED.has(name) || name === "x-page-cache") continue;
        headers.push([name, typeof value === "number" ? String(value) : value]);
      }
      const parts = nonce ? splitBuffer(body, Buffer.from(nonce)) : [body];
      const deflated = parts.map((part, i) =>
        deflateRawSync(part, { finishFlush: i === parts.length - 1 ? zlibConstants.Z_FINISH : zlibConstants.Z_FULL_FLUSH }),
      );
      store({ key, expires: now() + options.ttlMs, headers, parts, deflated, bytes: size + deflated.reduce((n, d) => n + d.length, 0), refreshing: false });
      stats.stored++;
    };
    next();
  }

  return {
    middleware,
    stats: (): PageCacheStats => ({ ...stats, entries: entries.size, bytes }),
    clear: () => {
      entries.clear();
      bytes = 0;
    },
  };
}

/** The buffer's pieces between occurrences of the separator. */
export function splitBuffer(buf: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (;;) {
    const at = buf.indexOf(separator, from);
    if (at < 0) break;
    parts.push(buf.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(buf.subarray(from));
  return parts;
}

function joinParts(parts: Buffer[], nonce: Buffer | null): Buffer {
  if (!nonce) return parts[0]!;
  const pieces: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) pieces.push(nonce);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
const FULL_FLUSH = { finishFlush: zlibConstants.Z_FULL_FLUSH };

/** A gzip member: header, the deflated parts with the nonce deflated between them, CRC-32 and size. */
function gzipBody(entry: { parts: Buffer[]; deflated: Buffer[] }, nonce: Buffer | null): Buffer {
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  const deflatedNonce = nonce ? deflateRawSync(nonce, FULL_FLUSH) : null;
  entry.parts.forEach((part, i) => {
    if (i > 0 && nonce && deflatedNonce) {
      pieces.push(deflatedNonce);
      crc = crc32(nonce, crc);
      size += nonce.length;
    }
    pieces.push(entry.deflated[i]!);
    crc = crc32(part, crc);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces);
}
