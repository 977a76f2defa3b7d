// JSON-LD that only crawlers read, kept out of the page's hydration data (docs/seo.md): a loader
// puts the schema.org documents in this request context, and the document render
// (app/entry.server.tsx) writes them into <head> as `<script type="application/ld+json">`. The
// browser never needs them to render the page, so they are not sent twice (HTML and loader data);
// React leaves tags it did not render in <head> alone when it hydrates.
import { createContext, type RouterContextProvider } from "react-router";

export const serverJsonLdContext = createContext<readonly unknown[]>([]);

/** Adds schema.org documents to this request's document (a loader's `context`). */
export function addServerJsonLd(context: Readonly<RouterContextProvider>, ...docs: unknown[]): void {
  context.set(serverJsonLdContext, [...context.get(serverJsonLdContext), ...docs]);
}

/** The script elements of the documents: `<` escaped so no text can close the element. */
export function jsonLdScripts(docs: readonly unknown[]): string {
  return docs.map((d) => `<script type="application/ld+json" data-ld="server">${JSON.stringify(d).replace(/</g, "\\u003c")}</script>`).join("");
}
