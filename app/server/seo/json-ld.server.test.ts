import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { addServerJsonLd, insertBeforeHeadEnd, jsonLdScripts, serverJsonLdContext } from "./json-ld.server.ts";

const through = (doc: string, html: string) => insertBeforeHeadEnd(doc, html);

describe("crawler-only JSON-LD", () => {
  it("is written once, just before the first </head>", () => {
    const doc = "<!DOCTYPE html><html><head><title>é</title></head><body><p></head></p></body></html>";
    expect(through(doc, "<X>")).toBe("<!DOCTYPE html><html><head><title>é</title><X></head><body><p></head></p></body></html>");
  });

  it("leaves a document without </head> whole", () => {
    expect(through("<p>no head</p></he", "<X>")).toBe("<p>no head</p></he");
  });

  it("escapes < so no text can close the script element", () => {
    const html = jsonLdScripts([{ name: "</script><script>alert(1)</script>" }]);
    expect(html).toBe('<script type="application/ld+json" data-ld="server">{"name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}</script>');
    expect(JSON.parse(html.slice(html.indexOf(">") + 1, html.lastIndexOf("</script>")))).toEqual({ name: "</script><script>alert(1)</script>" });
  });

  it("collects a request's documents in its context", () => {
    const context = new RouterContextProvider();
    expect(context.get(serverJsonLdContext)).toEqual([]);
    addServerJsonLd(context, { a: 1 });
    addServerJsonLd(context, { b: 2 }, { c: 3 });
    expect(context.get(serverJsonLdContext)).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }]);
    expect(new RouterContextProvider().get(serverJsonLdContext)).toEqual([]);
  });
});
