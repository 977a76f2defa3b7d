// JSON-LD that only crawlers read, kept out of the page's hydration data (docs/seo.md): a loader
// puts the schema.org documents in this request context, and the document render
// (app/entry.server.tsx) writes them into <head> as `<script type="application/ld+json">`. The
// browser never needs them to render the page, so they are not sent twice (HTML and loader data);
// React leaves tags it did not render in <head> alone when it hydrates.
import { Transform } from "node:stream";
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

const HEAD_END = Buffer.from("</head>");

/** A stream that writes `html` just before the document's first `</head>` (byte-wise: the tag may be split across chunks). */
export function insertBeforeHeadEnd(html: string): Transform {
  let pending: Buffer | null = Buffer.alloc(0);
  const insert = Buffer.from(html);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (pending === null) return callback(null, chunk);
      const buf = Buffer.concat([pending, chunk]);
      const at = buf.indexOf(HEAD_END);
      if (at >= 0) {
        pending = null;
        return callback(null, Buffer.concat([buf.subarray(0, at), insert, buf.subarray(at)]));
      }
      // Keep the tail that may be the start of a split "</head>".
      const keep = Math.min(buf.length, HEAD_END.length - 1);
      pending = buf.subarray(buf.length - keep);
      callback(null, buf.subarray(0, buf.length - keep));
    },
    flush(callback) {
      callback(null, pending && pending.length > 0 ? pending : undefined);
    },
  });
}
