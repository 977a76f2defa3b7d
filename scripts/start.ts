// `npm start`: builds when needed, migrates the database, loads reference data, seeds demo
// inventory into an empty database, then serves the marketplace (default http://localhost:3000).
import path from "node:path";
import { getEnv } from "../app/server/env.server.ts";
import { ensureBuild } from "./ensure-build.ts";
import { closeDatabase, getDatabase } from "../app/server/db/connection.server.ts";
import { ensureReferenceData } from "../app/server/reference/store.server.ts";
import { createHttpApp } from "../app/server/http/app.server.ts";
import { seedInventory } from "../app/server/inventory/seed.server.ts";
import { activeListingCount } from "../app/server/reference/queries.server.ts";
import { closeSearchEngine, getSearchEngine } from "../app/server/search/search.server.ts";
import { ensureMarketVerdicts } from "../app/server/inventory/market.server.ts";
import { smtpTransport, startMailSender } from "../app/server/mail/sender.server.ts";
import { startAlertRunner } from "../app/server/accounts/alert-runner.server.ts";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);

function log(msg: string, extra: Record<string, unknown> = {}) {
  console.log(JSON.stringify({ level: "info", time: new Date().toISOString(), msg, ...extra }));
}

async function main() {
  const env = getEnv();
  if (!process.argv.includes("--no-build")) ensureBuild(log);
  const db = await getDatabase();
  const ref = await ensureReferenceData(db);
  if (ref.catalogWritten || ref.zipsWritten) log("reference data loaded", ref);
  if (env.SEED_ON_START && (await activeListingCount(db)) === 0 && env.SEED_LISTINGS > 0) {
    log("seeding demo inventory", { listings: env.SEED_LISTINGS });
    const r = await seedInventory(db, { listings: env.SEED_LISTINGS, seed: 1 });
    log("seeded", r);
  }
  const verdicts = await ensureMarketVerdicts(db);
  if (verdicts) log("price verdicts computed", verdicts);
  // Build the listing index before the port opens: the first shopper gets a warm search.
  const engine = await getSearchEngine();
  const status = engine.status();
  log("search index ready", { listings: status.listings, buildMs: status.buildMs, megabytes: Math.round(status.bytes / 1e6) });
  // Mail waits in the outbox; with SMTP configured this loop delivers it (docs/vehicle-page.md).
  const mailSender = env.SMTP_URL
    ? startMailSender({ db, transport: smtpTransport(env.SMTP_URL), from: env.MAIL_FROM, log })
    : null;
  if (!mailSender) log("SMTP_URL is not set: mail stays in the outbox");
  // Saved-search digests and price drops, into the outbox (ALERTS_INTERVAL_MS; docs/accounts.md).
  const alertRunner = startAlertRunner(db, log);
  const app = await createHttpApp({
    buildDir: path.join(root, "build"),
    publicDir: path.join(root, "public"),
    mode: "production",
  });
  const server = app.listen(env.PORT, env.HOST, () => {
    log(`Forecourt is serving at http://localhost:${env.PORT}`, { database: db.description });
  });
  const shutdown = (signal: string) => {
    log("shutting down", { signal });
    alertRunner.stop();
    server.close(() => {
      void Promise.resolve(mailSender?.stop())
        .then(() => closeSearchEngine())
        .then(() => closeDatabase())
        .finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(JSON.stringify({ level: "error", msg: "start-up failed", error: String(error?.stack ?? error) }));
  process.exit(1);
});
