// Which requests render a document, and the values set aside for it. A client navigation asks for
// the same loader data at `<path>.data` and renders it in the browser; a document request may leave
// out of its page what the shopper has to open something to see (the results page's closed filter
// choices, ADR 032), and out of its loader data what the browser keeps as the server wrote it
// (app/lib/document-only.tsx).
import type { IncomingHttpHeaders } from "node:http";
import { createContext, type RouterContextProvider } from "react-router";

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

const documentOnlyContext = createContext<ReadonlyMap<string, unknown>>(new Map());

/**
 * Sets a value aside for this request's document (a loader's `context`): the server's render reads
 * it with `useDocumentOnly` (app/lib/document-only.tsx); it is not part of the loader data.
 */
export function setDocumentOnly(context: Readonly<RouterContextProvider>, key: string, value: unknown): void {
  const map = new Map(context.get(documentOnlyContext));
  map.set(key, value);
  context.set(documentOnlyContext, map);
}

/** What the loaders set aside for this document (app/entry.server.tsx). */
export function documentOnlyValues(context: Readonly<RouterContextProvider>): ReadonlyMap<string, unknown> {
  return context.get(documentOnlyContext);
}
