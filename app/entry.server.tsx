// React Router 8's default Node entry, answering a document whole (below), plus the
// Content-Security-Policy: a nonce per document render, given to <ServerRouter> and, through
// NonceContext, to <Scripts> / <ScrollRestoration> in root.tsx. Other security headers:
// app/server/http.
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { renderToString } from "react-dom/server";
import { NonceContext } from "./lib/nonce";
import { DocumentOnlyContext } from "./lib/document-only";
import { documentOnlyValues } from "./server/http/document-only.server";
import { contentSecurityPolicy, createNonce } from "./server/security/headers.server";
import { jsonLdScripts, serverJsonLdContext } from "./server/seo/json-ld.server";
import { bodyOf, documentBytes, drainHandoff } from "./server/http/document.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = createNonce();
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, { dev: import.meta.env.DEV }));

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // The hydration data first, whole (app/server/http/document.server.ts), then the document in one
  // synchronous render (ADR 032, "One render, one string").
  await drainHandoff(routerContext, streamTimeout);
  const html = renderToString(
    <NonceContext.Provider value={nonce}>
      <DocumentOnlyContext.Provider value={documentOnlyValues(loadContext)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DocumentOnlyContext.Provider>
    </NonceContext.Provider>,
  );
  responseHeaders.set("Content-Type", "text/html");
  // JSON-LD for crawlers only, written into <head> (app/server/seo/json-ld.server.ts).
  const jsonLd = loadContext.get(serverJsonLdContext);
  return new Response(bodyOf(documentBytes(html, jsonLd.length > 0 ? jsonLdScripts(jsonLd) : "")), { headers: responseHeaders, status: responseStatusCode });
}
