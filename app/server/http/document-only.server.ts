// Which requests render a document. A client navigation asks for the same loader data at
// `<path>.data` and renders it in the browser; a document request may leave out of its page what
// the shopper has to open something to see (the results page's closed filter choices, ADR 032).
import type { IncomingHttpHeaders } from "node:http";

/**
 * Set by the HTTP server on a GET that renders a document (not a `.data` request), removed from
 * anything a client sends: the loaders see the normalised URL only (app/server/http/app.server.ts).
 */
export const DOCUMENT_REQUEST_HEADER = "x-forecourt-document";

/** Marks (or unmarks) an incoming request as a document request. */
export function markDocumentRequest(method: string, path: string, headers: IncomingHttpHeaders): void {
  if (method === "GET" && !path.endsWith(".data")) headers[DOCUMENT_REQUEST_HEADER] = "1";
  else delete headers[DOCUMENT_REQUEST_HEADER];
}

export function isDocumentRequest(request: Request): boolean {
  return request.headers.get(DOCUMENT_REQUEST_HEADER) === "1";
}
