// JSON responses of the service routes: no caching of personalised answers, the spec's
// search_lbcookie (load-balancer stickiness) on searches, and failures reported, not thrown.
import { randomUUID } from "node:crypto";

const LB_COOKIE = "search_lbcookie";

function hasCookie(request: Request, name: string): boolean {
  return (request.headers.get("cookie") ?? "").split(";").some((c) => c.trim().startsWith(`${name}=`));
}

export async function serveJson(
  request: Request,
  produce: () => Promise<unknown>,
  options: { stickyCookie?: boolean; cacheSeconds?: number } = {},
): Promise<Response> {
  const headers = new Headers({ "Cache-Control": options.cacheSeconds ? `public, max-age=${options.cacheSeconds}` : "no-store" });
  if (options.stickyCookie && !hasCookie(request, LB_COOKIE)) {
    headers.append("Set-Cookie", `${LB_COOKIE}=${randomUUID()}; Path=/; HttpOnly; SameSite=Lax`);
  }
  try {
    const body = await produce();
    if (body === null) return Response.json({ error: "Not found" }, { status: 404, headers });
    return Response.json(body, { headers });
  } catch (error) {
    console.error(JSON.stringify({ level: "error", msg: "service failed", path: new URL(request.url).pathname, error: String((error as Error)?.stack ?? error) }));
    return Response.json({ error: "The service could not answer this request." }, { status: 500, headers });
  }
}
