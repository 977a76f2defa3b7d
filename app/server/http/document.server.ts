// The document's hydration data, read whole before the document renders (app/entry.server.tsx;
// ADR 032, "One render, one string").
//
// React Router writes a document's loader data (turbo-stream text) through <ServerRouter>'s
// <StreamTransfer>: one inline script per chunk of `serverHandoffStream`, each chunk read when the
// render reaches it, suspending until it arrives, so the document had to be rendered by React's
// streaming renderer. Read here first, the data is handed to <StreamTransfer> as a chunk already
// arrived (its per-render cache, `renderMeta.streamCache`: a settled entry per identifier with its
// `result`), followed by the end of the stream, so nothing suspends and the document renders in
// one synchronous pass (`renderToString`), into one string. The scripts written are the same as
// a stream of one chunk: the data, then the stream's close.
import type { EntryContext } from "react-router";

/** Reads `serverHandoffStream` to its end (at most `timeoutMs`) and gives it to <StreamTransfer> as already read. */
export async function drainHandoff(context: EntryContext, timeoutMs: number): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`hydration data not complete after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), late]);
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    text += decoder.decode();
  } catch (error) {
    void reader.cancel(error);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const settled = (done: boolean, value: string) => Object.assign(Promise.resolve(), { result: { done, value } });
  (context.renderMeta ??= {}).streamCache = { 0: settled(false, text), 1: settled(true, "") };
  // <ServerRouter> takes a reader of this stream; the cache above answers before it is read.
  context.serverHandoffStream = new ReadableStream({ start: (c) => c.close() });
}

const DOCTYPE = "<!DOCTYPE html>";

/**
 * The document's bytes: the doctype, the rendered HTML, and `head` (markup for the end of
 * <head>) written just before its first `</head>`. React's string is one large flat string once
 * searched; each slice of it is encoded straight into one buffer of the document's size, so the
 * document is neither copied again as a string (a string that size lives in V8's large-object
 * space until a full collection) nor as bytes (no pieces joined afterwards).
 */
export function documentBytes(html: string, head: string): Buffer<ArrayBuffer> {
  const at = head === "" ? -1 : html.indexOf("</head>");
  const parts = at < 0 ? [DOCTYPE, html] : [DOCTYPE, html.slice(0, at), head, html.slice(at)];
  let size = 0;
  for (const p of parts) size += Buffer.byteLength(p);
  const out = Buffer.allocUnsafeSlow(size);
  let offset = 0;
  for (const p of parts) offset += out.write(p, offset);
  return out;
}

/**
 * A response body of bytes already made, handed over as they are. `new Response(bytes)` copies a
 * buffer it is given (the Fetch standard's "copy of the bytes held by the buffer source") and
 * reads back a `Uint8Array`, which the compression middleware copies once more into a Buffer; a
 * stream of the one Buffer is read by React Router's Node adapter and written as it is.
 */
export function bodyOf(bytes: Buffer<ArrayBuffer>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}
