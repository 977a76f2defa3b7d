// The Node HTTP server: static assets, then React Router. Start-up work (migrations,
// reference data, the demo seed) happens before the port opens, so the first request is served
// from a ready database.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import { CLIENT_ADDRESS_HEADER } from "../security/rate-limit.server.ts";
import { getEnv } from "../env.server.ts";
import { requestContext, sameOriginOnly, securityHeadersMiddleware } from "./middleware.server.ts";
import { createPageCache } from "./page-cache.server.ts";
import { precompressedAssets } from "./assets.server.ts";
import { contentSecurityPolicy, createNonce } from "../security/headers.server.ts";
import { getSearchEngine, type SearchEngine } from "../search/search.server.ts";
import { getDatabase } from "../db/connection.server.ts";
import { countView } from "../listings/views.server.ts";

const VEHICLE_PATH = /^\/cars-for-sale\/vehicle\/(\d{1,12})$/;

export interface HttpAppOptions {
  buildDir: string;
  publicDir: string;
  mode: "production" | "development";
}

export async function createHttpApp(options: HttpAppOptions): Promise<express.Express> {
  const serverEntry = path.join(options.buildDir, "server", "index.js");
  if (!existsSync(serverEntry)) throw new Error(`No server build at ${serverEntry}: run \`npm run build\``);
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;

  const app = express();
  app.disable("x-powered-by");
  // Request id, JSON access log, Server-Timing of service calls; security headers; CSRF check.
  // (The Content-Security-Policy with its nonce is set on documents by app/entry.server.tsx.)
  app.use(requestContext({ visitorCookie: Boolean(process.env.SERVICES_BASE_URL) }));
  app.use(securityHeadersMiddleware({ production: options.mode === "production" && process.env.NODE_ENV === "production" }));
  app.use(sameOriginOnly({ publicOrigin: getEnv().PUBLIC_ORIGIN }));
  app.use(compression());
  // React Router flushes after every chunk it streams; with compression each flush would end a
  // deflate block and the page would compress about half as well. One stream, one block.
  app.use((_req, res, next) => {
    res.flush = () => {};
    next();
  });
  // Anonymous pages from the page cache (ADR 012), keyed on the search index's inventory version;
  // before the static files, whose disk lookups a cached page does not need.
  let engine: SearchEngine | null = null;
  void getSearchEngine()
    .then((e) => (engine = e))
    .catch(() => {});
  const pageCache = createPageCache({
    ttlMs: getEnv().PAGE_CACHE_MS,
    maxEntries: 500,
    maxBytes: 96 * 1024 * 1024,
    version: () => engine?.inventoryVersion() ?? null,
    createNonce,
    contentSecurityPolicy: (nonce) => contentSecurityPolicy(nonce),
    // A vehicle page served from the cache still counts its view (as its loader does).
    onHit: (path, bot) => {
      const m = VEHICLE_PATH.exec(path);
      if (m && !bot) void getDatabase().then((db) => countView(db, Number(m[1])));
    },
  });
  app.locals.pageCache = pageCache;
  app.use(pageCache.middleware);
  // Scripts and styles as the build compressed them (brotli 11 / gzip 9, ADR 013), else as files.
  app.use("/assets", precompressedAssets(path.join(options.buildDir, "client", "assets"), { immutable: true, maxAge: "1y" }));
  app.use(
    "/assets",
    express.static(path.join(options.buildDir, "client", "assets"), { immutable: true, maxAge: "1y", index: false }),
  );
  app.use(express.static(path.join(options.buildDir, "client"), { maxAge: "1h", index: false }));
  app.use(express.static(options.publicDir, { maxAge: "1h", index: false }));
  // The socket's address for rate limits, in a header the client cannot set (X-Forwarded-For is
  // honoured only with TRUST_PROXY=true, behind a proxy that sets it).
  const trustProxy = process.env.TRUST_PROXY === "true";
  app.use((req, _res, next) => {
    const forwarded = trustProxy ? String(req.headers["x-forwarded-for"] ?? "").split(",")[0]!.trim() : "";
    req.headers[CLIENT_ADDRESS_HEADER] = forwarded || req.socket.remoteAddress || "unknown";
    next();
  });
  app.all("/{*splat}", createRequestHandler({ build, mode: options.mode }));
  return app;
}
