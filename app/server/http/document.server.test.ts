import { describe, expect, it } from "vitest";
import type { EntryContext } from "react-router";
import { bodyOf, documentBytes, drainHandoff } from "./document.server.ts";

/** A context with only what drainHandoff reads and writes. */
function contextOf(stream: ReadableStream<Uint8Array> | undefined): EntryContext {
  return { serverHandoffStream: stream } as unknown as EntryContext;
}

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(c) {
      for (const chunk of chunks) c.enqueue(chunk);
      c.close();
    },
  });
}

describe("drainHandoff", () => {
  it("hands the whole stream to <StreamTransfer> as one chunk read, then its end", async () => {
    const bytes = new TextEncoder().encode('[{"_1":2},"loaderData","Citroën"]\n');
    // A character split across two chunks is decoded whole.
    const split = bytes.indexOf(0xc3) + 1;
    const context = contextOf(streamOf([bytes.subarray(0, 5), bytes.subarray(5, split), bytes.subarray(split)]));
    await drainHandoff(context, 1000);
    const cache = context.renderMeta?.streamCache;
    expect(cache?.[0]?.result).toEqual({ done: false, value: '[{"_1":2},"loaderData","Citroën"]\n' });
    expect(cache?.[1]?.result).toEqual({ done: true, value: "" });
    expect(cache?.[0]?.error).toBeUndefined();
    // <ServerRouter> still takes a reader of the stream: a fresh one, already closed.
    const reader = context.serverHandoffStream!.getReader();
    expect((await reader.read()).done).toBe(true);
  });

  it("keeps what the render already noted (renderMeta)", async () => {
    const context = contextOf(streamOf([new TextEncoder().encode("x")]));
    context.renderMeta = { didRenderScripts: false };
    await drainHandoff(context, 1000);
    expect(context.renderMeta.didRenderScripts).toBe(false);
    expect(context.renderMeta.streamCache?.[0]?.result?.value).toBe("x");
  });

  it("does nothing without a stream", async () => {
    const context = contextOf(undefined);
    await drainHandoff(context, 1000);
    expect(context.renderMeta).toBeUndefined();
  });

  it("fails when the data does not end in time", async () => {
    const never = new ReadableStream<Uint8Array>({ start: () => {} });
    await expect(drainHandoff(contextOf(never), 50)).rejects.toThrow(/not complete after 50 ms/);
  });
});

describe("documentBytes", () => {
  const html = "<html><head><title>Showing 1–30 · é</title></head><body><p></head></p></body></html>";

  it("is the doctype and the HTML, in UTF-8", () => {
    expect(documentBytes(html, "").toString("utf8")).toBe(`<!DOCTYPE html>${html}`);
  });

  it("writes the head markup once, just before the first </head> (crawler-only JSON-LD)", () => {
    expect(documentBytes(html, "<X>").toString("utf8")).toBe(
      "<!DOCTYPE html><html><head><title>Showing 1–30 · é</title><X></head><body><p></head></p></body></html>",
    );
  });

  it("leaves a document without </head> whole", () => {
    expect(documentBytes("<p>no head</p></he", "<X>").toString("utf8")).toBe("<!DOCTYPE html><p>no head</p></he");
  });

  it("is exactly as long as its bytes (a multi-byte character in the head markup too)", () => {
    const bytes = documentBytes(html, '<X title="é€">');
    expect(bytes.length).toBe(Buffer.byteLength(`<!DOCTYPE html>${html}<X title="é€">`));
    expect(bytes.toString("utf8").endsWith("</body></html>")).toBe(true);
  });

  it("fills its buffer exactly with a page beyond Latin-1, a lone surrogate and emoji included", () => {
    const page = `<html><head><title>1–30 €</title></head><body>\ud800 🚗 ${"x".repeat(5000)}</body></html>`;
    const bytes = documentBytes(page, "<X>");
    const expected = Buffer.from(`<!DOCTYPE html>${page.replace("</head>", "<X></head>")}`);
    expect(bytes.length).toBe(expected.length);
    expect(bytes.equals(expected)).toBe(true);
  });
});

describe("bodyOf", () => {
  it("hands the document's one buffer to the reader as it is, then ends", async () => {
    const bytes = documentBytes("<html><head></head></html>", "");
    const reader = bodyOf(bytes).getReader();
    const first = await reader.read();
    expect(first.value).toBe(bytes);
    expect((await reader.read()).done).toBe(true);
  });

  it("makes a Response whose text is the document", async () => {
    const bytes = documentBytes("<html><head></head><body>é</body></html>", "<X>");
    expect(await new Response(bodyOf(bytes)).text()).toBe("<!DOCTYPE html><html><head><X></head><body>é</body></html>");
  });
});
