import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { addServerJsonLd, jsonLdScripts, serverJsonLdContext } from "./json-ld.server.ts";

describe("crawler-only JSON-LD", () => {
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
