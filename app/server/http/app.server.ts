// The Node HTTP server: static assets, then React Router. Start-up work (migrations,
// reference data, the demo seed) happens before the port opens, so the first request is served
// from a ready database.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import { markDocumentRequest } from "./document-only.server.ts";
import express from "express";
import type { ServerBuild } from "react-router";
import {
  CLIENT_ADDRESS_HEADER,
  CLIENT_LOOPBACK_HEADER,
  forwardedClientAddress,
  hasProxyHeaders,
  isLoopbackAddress,
} from "../security/client-address.server.ts";
import { getEnv } from "../env.server.ts";
import { plainErrors, requestContext, sameOriginOnly, securityHeadersMiddleware } from "./middleware.server.ts";
import { createPageCache } from "./page-cache.server.ts";
import { precompressedAssets, startupStaticFiles } from "./assets.server.ts";
import { PHOTO_PATH_PREFIX } from "../../lib/photos.ts";
import { servePhotos } from "../photos/serve.server.ts";
import { getPhotoStore } from "../photos/store.server.ts";
import { contentSecurityPolicy, createNonce } from "../security/headers.server.ts";
import { getSearchEngine, type SearchEngine } from "../search/search.server.ts";
import { getDatabase } from "../db/connection.server.ts";
import { countView, viewerKeys } from "../listings/views.server.ts";
import { analyticsMiddleware, useAnalyticsDatabase } from "../observability/analytics.server.ts";
import { specCookiesMiddleware } from "./spec-cookies.server.ts";
import { UNSUBSCRIBE_PATH } from "../accounts/alerts.server.ts";

const VEHICLE_PATH = /^\/cars-for-sale\/vehicle\/(\d{1,12})$/;
/**
 * gzip's level for pages compressed per response (the middleware's default is 6). Browsers take
 * brotli (quality 4, the middleware's default); gzip is for crawlers and simple clients, which
 * walk the long tail of results pages no cache answers. Level 4 takes about half the CPU of level
 * 6 for some 6% more bytes on the wire (ADR 032, "gzip at level 4").
 */
export const GZIP_LEVEL = 4;

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
  app.use(requestContext({ visitorCookie: Boolean(getEnv().SERVICES_BASE_URL) }));
  app.use(securityHeadersMiddleware({ production: options.mode === "production" && getEnv().NODE_ENV === "production" }));
  // One-click unsubscribe (RFC 8058) is posted by mail clients from their own sites; the signed
  // token in its URL is what authorises it (docs/resilience-and-security.md, "CSRF").
  app.use(sameOriginOnly({ publicOrigin: getEnv().PUBLIC_ORIGIN, exemptPaths: [UNSUBSCRIBE_PATH] }));
  app.use(compression({ level: GZIP_LEVEL }));
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
    // A vehicle page served from the cache still counts its view (as its loader does). A hit
    // carries no cookie: the viewer is the client address (ADR 036).
    onHit: (path, bot, req) => {
      const m = VEHICLE_PATH.exec(path);
      if (!m || bot) return;
      const address = forwardedClientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], getEnv().TRUST_PROXY_HOPS);
      const [viewer] = viewerKeys({ userId: null, visitorId: null, address }, getEnv().SESSION_SECRET);
      void getDatabase().then((db) => countView(db, Number(m[1]), viewer));
    },
  });
  app.locals.pageCache = pageCache;
  // Page views, searches and card clicks, counted before the page cache answers (docs/analytics.md).
  useAnalyticsDatabase(getDatabase);
  app.use(analyticsMiddleware);
  // The spec's cookies from the arrival address (ATC_USER_ZIP, psid, siomid, camp_channel).
  app.use(specCookiesMiddleware);
  app.use(pageCache.middleware);
  // Dealer photo variants from the photo store (docs/photos.md).
  app.use(PHOTO_PATH_PREFIX, servePhotos(getPhotoStore));
  // Scripts and styles as the build compressed them (brotli 11 / gzip 9, ADR 013), else as files.
  app.use("/assets", precompressedAssets(path.join(options.buildDir, "client", "assets"), { immutable: true, maxAge: "1y" }));
  app.use("/assets", express.static(path.join(options.buildDir, "client", "assets"), { immutable: true, maxAge: "1y", index: false }));
  // No directory redirects: public/cars-for-sale/api/ (the push service worker, ADR 023) must not
  // turn /cars-for-sale into /cars-for-sale/ (the results page answers there).
  app.use(startupStaticFiles(path.join(options.buildDir, "client"), { maxAge: "1h", index: false, redirect: false }));
  app.use(startupStaticFiles(options.publicDir, { maxAge: "1h", index: false, redirect: false }));
  // Who sent the request, in headers the client cannot set (app/server/security/client-address.server.ts):
  // the rate limits' address (X-Forwarded-For read TRUST_PROXY_HOPS entries from the right), and
  // whether it came in over loopback without a proxy (the outbox reader answers nothing else).
  const hops = getEnv().TRUST_PROXY_HOPS;
  app.use((req, _res, next) => {
    req.headers[CLIENT_ADDRESS_HEADER] = forwardedClientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], hops);
    if (isLoopbackAddress(req.socket.remoteAddress) && !hasProxyHeaders(req.headers)) req.headers[CLIENT_LOOPBACK_HEADER] = "1";
    else delete req.headers[CLIENT_LOOPBACK_HEADER];
    // Whether a document is rendered: loaders see only the normalised URL (app/server/http/document-only.server.ts).
    markDocumentRequest(req.method, req.path, req.headers);
    next();
  });
  app.all("/{*splat}", createRequestHandler({ build, mode: options.mode }));
  app.use(plainErrors());
  return app;
}
