// JSON responses of the service routes: no caching of personalised answers, the spec's
// search_lbcookie (load-balancer stickiness) on searches, and failures reported, not thrown.
import { randomUUID } from "node:crypto";
import { SPEC_COOKIES, readPlainCookie, serializePlainCookie } from "../security/cookies.server.ts";
import { reportError } from "../observability/log.server.ts";

export async function serveJson(
  request: Request,
  produce: () => Promise<unknown>,
  options: { stickyCookie?: boolean; cacheSeconds?: number } = {},
): Promise<Response> {
  const headers = new Headers({ "Cache-Control": options.cacheSeconds ? `public, max-age=${options.cacheSeconds}` : "no-store" });
  if (options.stickyCookie && !readPlainCookie(request.headers.get("cookie"), SPEC_COOKIES.searchLb)) {
    headers.append("Set-Cookie", serializePlainCookie(SPEC_COOKIES.searchLb, randomUUID()));
  }
  try {
    const body = await produce();
    if (body === null) return Response.json({ error: "Not found" }, { status: 404, headers });
    return Response.json(body, { headers });
  } catch (error) {
    reportError("service failed", error, { path: new URL(request.url).pathname });
    return Response.json({ error: "The service could not answer this request." }, { status: 500, headers });
  }
}
