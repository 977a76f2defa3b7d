// Vite plugin: after the client build, writes a brotli (quality 11) and a gzip (level 9) copy
// beside every script, style sheet and SVG of build/client, so the server sends the smallest
// form without compressing per request (app/server/http/assets.server.ts). Brotli 11 is too slow
// to run per request; done once here it takes the results page's JavaScript from 137 KB (gzip)
// to about 120 KB on the wire. ADR 013.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

export const PRECOMPRESSED = /\.(js|mjs|css|svg|json)$/;

export function precompress(): Plugin {
  return {
    name: "forecourt-precompress",
    apply: "build",
    writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir || path.basename(dir) !== "client") return; // the browser build only
      for (const file of Object.keys(bundle)) {
        if (!PRECOMPRESSED.test(file)) continue;
        const src = path.join(dir, file);
        const data = readFileSync(src);
        // Small files too (the compression middleware leaves those under 1 KB as they are): the
        // results page loads half a dozen chunks of 0.1-0.7 KB. A copy is kept only when smaller.
        const br = brotliCompressSync(data, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
        });
        const gz = gzipSync(data, { level: 9 });
        if (br.length < data.length) writeFileSync(`${src}.br`, br);
        if (gz.length < data.length) writeFileSync(`${src}.gz`, gz);
      }
    },
  };
}
