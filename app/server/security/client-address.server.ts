// Who sent a request, as the HTTP server saw it (docs/resilience-and-security.md, "Client address"):
// the app's Express layer (app/server/http/app.server.ts) writes two headers on every request,
// overwriting anything the client sent, and route code reads them here:
// - the client address the rate limits count: the socket's, or with TRUST_PROXY_HOPS=N the entry
//   N hops from the right of X-Forwarded-For (what Express's `trust proxy` with a hop count does:
//   each trusted proxy appends the address it received from, so the client controls only the
//   entries to the left);
// - whether the request came in over the loopback interface without passing a proxy (the outbox
//   reader /dev/mail answers nothing else).

/** The client address for rate limits. */
export const CLIENT_ADDRESS_HEADER = "x-forecourt-client-address";
/** "1" when the socket's peer is a loopback address and no proxy header came with the request. */
export const CLIENT_LOOPBACK_HEADER = "x-forecourt-loopback";

const MAX_ADDRESS = 64;

/**
 * The client address behind `hops` trusted proxies: the socket's address, then X-Forwarded-For read
 * from the right. With fewer entries than hops, the leftmost one (the furthest hop known).
 */
export function forwardedClientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, hops: number): string {
  const socket = socketAddress || "unknown";
  if (hops <= 0 || forwardedFor === undefined) return socket;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor;
  const entries = header
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return socket;
  // [socket, rightmost, ..., leftmost]: the first `hops` are proxies we trust.
  const chain = [socket, ...entries.reverse()];
  const address = chain[Math.min(hops, chain.length - 1)]!;
  return address.slice(0, MAX_ADDRESS);
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^::ffff:/, "");
  return a === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/** Request headers that say a proxy forwarded the request (so its socket peer is not the client). */
export function hasProxyHeaders(headers: Record<string, string | string[] | undefined>): boolean {
  return ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host"].some((h) => headers[h] !== undefined);
}

/** The client address as the HTTP server saw it. */
export function clientAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) || "unknown";
}

/** True only when the HTTP server marked the request as come in over loopback, not through a proxy. */
export function fromLoopback(request: Request): boolean {
  return request.headers.get(CLIENT_LOOPBACK_HEADER) === "1";
}
