// Express middleware applied to every request before React Router: the request context (id,
// visitor, service-call timings) with JSON access logs and Server-Timing, the security headers,
// and the same-origin check of unsafe methods (CSRF).
import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { runWithRequest, serverTimingValue, type RequestContext } from "../observability/context.server.ts";
import { log } from "../observability/log.server.ts";
import { checkSameOrigin, forbiddenPage, plainErrorPage, securityHeaders } from "../security/headers.server.ts";
import { reportError } from "../observability/log.server.ts";
import { PLAIN_SITE_COOKIES, readPlainCookie, serializePlainCookie } from "../security/cookies.server.ts";

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

export interface ContextOptions {
  /** Give each visitor an id cookie (keys the HTTP-mode cookie jar); only needed in HTTP mode. */
  visitorCookie: boolean;
}

/** x-request-id in (when well-formed) or made here, and out; a log line per request. */
export function requestContext(options: ContextOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers["x-request-id"];
    const requestId = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    let visitor = readPlainCookie(req.headers.cookie ?? null, PLAIN_SITE_COOKIES.serviceVisitor) ?? null;
    if (options.visitorCookie && !visitor) {
      visitor = randomUUID();
      res.append("Set-Cookie", serializePlainCookie(PLAIN_SITE_COOKIES.serviceVisitor, visitor));
    }
    const context: RequestContext = { requestId, visitor, timings: [] };
    res.setHeader("x-request-id", requestId);
    const started = performance.now();
    // Service calls finish before the headers go out (loaders run before the shell streams).
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      if (context.timings.length > 0 && !res.headersSent) {
        const own = serverTimingValue(context.timings);
        const existing = res.getHeader("Server-Timing");
        res.setHeader("Server-Timing", existing ? `${String(existing)}, ${own}` : own);
        // A page that a failing service degraded is not kept by any cache (ours or downstream).
        if (context.timings.some((t) => t.outcome === "fallback")) res.setHeader("Cache-Control", "no-store");
      }
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as Response["writeHead"];
    res.on("finish", () => {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      runWithRequest(context, () =>
        log(res.statusCode >= 500 ? "error" : "info", "request", {
          method: req.method,
          path: req.originalUrl.slice(0, 500),
          status: res.statusCode,
          ms,
          ...(context.timings.length > 0
            ? { services: context.timings.map((t) => `${t.name}:${t.ms.toFixed(1)}${t.outcome === "fallback" ? ":fallback" : ""}`) }
            : {}),
        }),
      );
    });
    runWithRequest(context, next);
  };
}

export function securityHeadersMiddleware(options: { production: boolean }) {
  const headers = securityHeaders(options);
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    next();
  };
}

/** 403 with a clear page for an unsafe request from another origin. */
export function sameOriginOnly(options: { publicOrigin: string; exemptPaths?: readonly string[] }) {
  const exempt = new Set(options.exemptPaths ?? []);
  return (req: Request, res: Response, next: NextFunction) => {
    if (exempt.has(req.path)) {
      // Posted cross-site by design (one-click unsubscribe, RFC 8058): what authorises it is the
      // signed token in its URL. The Origin is dropped so React Router's own origin check of
      // document actions does not refuse it either.
      delete req.headers.origin;
      return next();
    }
    const verdict = checkSameOrigin({
      method: req.method,
      host: req.headers.host,
      origin: req.headers.origin,
      referer: req.headers.referer,
      secFetchSite: req.headers["sec-fetch-site"] as string | undefined,
      publicOrigin: options.publicOrigin,
    });
    if (verdict.ok) return next();
    log("warn", "cross-origin request refused", { method: req.method, path: req.originalUrl.slice(0, 500), reason: verdict.reason });
    res.status(403).setHeader("Cache-Control", "no-store");
    if ((req.headers.accept ?? "").includes("text/html") || !(req.headers.accept ?? "").includes("json")) {
      res.type("html").send(forbiddenPage());
    } else {
      res.json({ error: "This request came from another website and was refused." });
    }
  };
}

/**
 * The last handler: an error Express met before or outside React Router (a malformed URL such as
 * `/cars-for-sale/all/%E0%A4%A`, a failure in a middleware) answers the plain error page in every
 * mode, never Express's default page with its stack trace and file paths; the stack is logged.
 */
export function plainErrors() {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const given = Number((error as { status?: unknown; statusCode?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode);
    const status = Number.isInteger(given) && given >= 400 && given < 600 ? given : 500;
    // The client went away mid-response (a navigation cancelled a script download): nothing failed.
    if ((error as { code?: unknown })?.code === "ECONNABORTED" || req.destroyed) {
      if (!res.writableEnded) res.end();
      return;
    }
    const stack = String((error as Error)?.stack ?? error).slice(0, 4000);
    if (status >= 500) reportError("request failed", error, { method: req.method, path: req.originalUrl.slice(0, 500) });
    else log("warn", "request refused", { method: req.method, path: req.originalUrl.slice(0, 500), status, error: stack });
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(status).setHeader("Cache-Control", "no-store");
    if ((req.headers.accept ?? "").includes("json") && !(req.headers.accept ?? "").includes("text/html")) {
      res.json({ error: status < 500 ? "Bad request" : "Internal error" });
    } else {
      res.type("html").send(plainErrorPage(status));
    }
  };
}
