// Express middleware applied to every request before React Router: the request context (id,
// visitor, service-call timings) with JSON access logs and Server-Timing, the security headers,
// and the same-origin check of unsafe methods (CSRF).
import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { runWithRequest, serverTimingValue, type RequestContext } from "../observability/context.server.ts";
import { log } from "../observability/log.server.ts";
import { checkSameOrigin, forbiddenPage, securityHeaders } from "../security/headers.server.ts";

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;
export const VISITOR_COOKIE = "fc_vid";

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9-]{8,64}$/.test(value) ? value : null;
    }
  }
  return null;
}

export interface ContextOptions {
  /** Give each visitor an id cookie (keys the HTTP-mode cookie jar); only needed in HTTP mode. */
  visitorCookie: boolean;
}

/** x-request-id in (when well-formed) or made here, and out; a log line per request. */
export function requestContext(options: ContextOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers["x-request-id"];
    const requestId = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    let visitor = cookieValue(req.headers.cookie, VISITOR_COOKIE);
    if (options.visitorCookie && !visitor) {
      visitor = randomUUID();
      res.append("Set-Cookie", `${VISITOR_COOKIE}=${visitor}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000`);
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
          ...(context.timings.length > 0 ? { services: context.timings.map((t) => `${t.name}:${t.ms.toFixed(1)}${t.outcome === "fallback" ? ":fallback" : ""}`) } : {}),
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
export function sameOriginOnly(options: { publicOrigin: string }) {
  return (req: Request, res: Response, next: NextFunction) => {
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
