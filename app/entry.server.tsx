// React Router 8's default Node entry, answering a document whole (below), plus the
// Content-Security-Policy: a nonce per document render, given to React (its inline scripts), to
// <ServerRouter> and, through NonceContext, to <Scripts> / <ScrollRestoration> in root.tsx. Other
// security headers: app/server/http.
import { PassThrough } from "node:stream";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "./lib/nonce";
import { contentSecurityPolicy, createNonce } from "./server/security/headers.server";
import { reportError } from "./server/observability/log.server";
import { insertBeforeHeadEnd, jsonLdScripts, serverJsonLdContext } from "./server/seo/json-ld.server";

export const streamTimeout = 5_000;

export default function handleRequest(
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

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots and SPA mode wait for all content before responding.
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort the rendering stream after `streamTimeout` so it has time to flush rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          // The document is answered whole, not streamed (ADR 032, "One write"): nothing in it
          // waits on a promise (no <Await>), so the rest of it follows the shell within a
          // millisecond or two, and React's 2 KB chunks each passing the stream adapters and the
          // compressor cost more than that (about 2 ms a results page at 1M listings).
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("error", reject);
          body.on("end", () => {
            // JSON-LD for crawlers only, written into <head> (app/server/seo/json-ld.server.ts).
            const jsonLd = loadContext.get(serverJsonLdContext);
            const doc = Buffer.concat(chunks);
            resolve(
              new Response(jsonLd.length > 0 ? insertBeforeHeadEnd(doc, jsonLdScripts(jsonLd)) : doc, { headers: responseHeaders, status: responseStatusCode }),
            );
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors inside the shell after it rendered; shell errors reject and are logged by React Router.
          if (shellRendered) reportError("rendering failed after the shell", error);
        },
      },
    );
  });
}
