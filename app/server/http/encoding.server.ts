// Content negotiation of Accept-Encoding, for responses the server compressed ahead of time.

/** Whether the Accept-Encoding header takes the coding (and does not refuse it with q=0). */
export function acceptsEncoding(header: string | string[] | undefined, coding: "gzip" | "br"): boolean {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  for (const item of value.split(",")) {
    const [name, ...params] = item.trim().toLowerCase().split(";");
    if (name !== coding && !(coding === "gzip" && name === "x-gzip") && name !== "*") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}
