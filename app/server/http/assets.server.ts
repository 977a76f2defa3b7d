// Static files the build compressed ahead of time (scripts/vite-precompress.ts, ADR 013): a
// request that accepts brotli gets `file.br`, else one that accepts gzip gets `file.gz`, with the
// original's type. Which files have copies is read once at start-up, so no request touches the
// disk to find out. Anything else falls through to express.static (and the compression
// middleware), for the files present at start-up only.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";
import { acceptsEncoding } from "./encoding.server.ts";

/** The files under `dir` (none if it is missing), as URL paths: "/a/b.js". */
function filesUnder(dir: string, prefix = "/"): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

export function precompressedAssets(dir: string, options: { maxAge: string; immutable: boolean }) {
  const copies = new Map<string, Set<"br" | "gzip">>();
  for (const file of filesUnder(dir)) {
    if (!file.endsWith(".br") && !file.endsWith(".gz")) continue;
    const original = file.slice(0, -3);
    const set = copies.get(original) ?? new Set();
    set.add(file.endsWith(".br") ? "br" : "gzip");
    copies.set(original, set);
  }
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const have = copies.get(req.path);
    if (!have) return next();
    const accept = req.headers["accept-encoding"];
    const encoding = have.has("br") && acceptsEncoding(accept, "br") ? "br" : have.has("gzip") && acceptsEncoding(accept, "gzip") ? "gzip" : null;
    res.setHeader("Vary", "Accept-Encoding");
    if (!encoding) return next();
    res.setHeader("Content-Encoding", encoding);
    res.type(path.extname(req.path));
    res.sendFile(
      `${req.path.slice(1)}${encoding === "br" ? ".br" : ".gz"}`,
      { root: dir, maxAge: options.maxAge, immutable: options.immutable, dotfiles: "deny" },
      (err) => {
        if (err) next(err);
      },
    );
  };
}

/**
 * express.static for the files that are in `dir` at start-up only (the build's and public/ do not
 * change while the app runs): a page request is not first looked up on disk, twice, to find no
 * file there.
 */
export function startupStaticFiles(dir: string, options: Parameters<typeof express.static>[1]) {
  const files = new Set(filesUnder(dir).flatMap((file) => [file, encodeURI(file)]));
  const serve = express.static(dir, options);
  return (req: Request, res: Response, next: NextFunction) => (files.has(req.path) ? serve(req, res, next) : next());
}
