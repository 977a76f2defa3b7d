// GET /photos/<key>-<width>.<avif|webp|jpg> (docs/photos.md): a stored photo variant with its
// content type and long-lived immutable caching (a key's bytes never change). Any other name, or
// a variant that is not stored, is a 404, never a 500.
import type { RequestHandler } from "express";
import { PHOTO_CONTENT_TYPES, parsePhotoFile } from "../../lib/photos.ts";
import { reportError } from "../observability/log.server.ts";
import { variantKey } from "./process.server.ts";
import type { PhotoStore } from "./store.server.ts";

export function servePhotos(store: () => PhotoStore): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.replace(/^\//, "");
    const parsed = parsePhotoFile(name);
    const notFound = () => res.status(404).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).send("Not found");
    if (!parsed) return void notFound();
    store()
      .get(variantKey(parsed.key, parsed.width, parsed.format))
      .then((bytes) => {
        if (!bytes) return void notFound();
        res.status(200).set({
          "Content-Type": PHOTO_CONTENT_TYPES[parsed.format],
          "Content-Length": String(bytes.length),
          "Cache-Control": "public, max-age=31536000, immutable",
          "X-Content-Type-Options": "nosniff",
        });
        if (req.method === "HEAD") res.end();
        else res.end(bytes);
      })
      .catch((error) => {
        reportError("photo read failed", error, { name });
        notFound();
      });
  };
}
