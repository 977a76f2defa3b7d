// The Node HTTP server: static assets, then React Router. Start-up work (migrations,
// reference data, the demo seed) happens before the port opens, so the first request is served
// from a ready database.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";

export interface HttpAppOptions {
  buildDir: string;
  publicDir: string;
  mode: "production" | "development";
}

export async function createHttpApp(options: HttpAppOptions): Promise<express.Express> {
  const serverEntry = path.join(options.buildDir, "server", "index.js");
  if (!existsSync(serverEntry)) throw new Error(`No server build at ${serverEntry}: run \`npm run build\``);
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;

  const app = express();
  app.disable("x-powered-by");
  app.use(compression());
  // React Router flushes after every chunk it streams; with compression each flush would end a
  // deflate block and the page would compress about half as well. One stream, one block.
  app.use((_req, res, next) => {
    res.flush = () => {};
    next();
  });
  app.use(
    "/assets",
    express.static(path.join(options.buildDir, "client", "assets"), { immutable: true, maxAge: "1y", index: false }),
  );
  app.use(express.static(path.join(options.buildDir, "client"), { maxAge: "1h", index: false }));
  app.use(express.static(options.publicDir, { maxAge: "1h", index: false }));
  app.all("/{*splat}", createRequestHandler({ build, mode: options.mode }));
  return app;
}
