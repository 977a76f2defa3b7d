// Static files the build compressed ahead of time (scripts/vite-precompress.ts, ADR 013): a
// request that accepts brotli gets `file.br`, else one that accepts gzip gets `file.gz`, with the
// original's type. Which files have copies is read once at start-up, so no request touches the
// disk to find out. Anything else falls through to express.static (and the compression
// middleware).
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";
import { acceptsEncoding } from "./encoding.server.ts";

export function precompressedAssets(dir: string, options: { maxAge: string; immutable: boolean }) {
  const copies = new Map<string, Set<"br" | "gzip">>();
  const walk = (d: string, prefix: string) => {
    if (!existsSync(d)) return;
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(d, entry.name), `${prefix}${entry.name}/`);
      else if (entry.name.endsWith(".br") || entry.name.endsWith(".gz")) {
        const original = `${prefix}${entry.name.slice(0, -3)}`;
        const set = copies.get(original) ?? new Set();
        set.add(entry.name.endsWith(".br") ? "br" : "gzip");
        copies.set(original, set);
      }
    }
  };
  walk(dir, "/");
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
  const files = new Set<string>();
  const walk = (d: string, prefix: string) => {
    if (!existsSync(d)) return;
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(d, entry.name), `${prefix}${entry.name}/`);
      else {
        files.add(`${prefix}${entry.name}`);
        files.add(encodeURI(`${prefix}${entry.name}`));
      }
    }
  };
  walk(dir, "/");
  const serve = express.static(dir, options);
  return (req: Request, res: Response, next: NextFunction) => (files.has(req.path) ? serve(req, res, next) : next());
}
