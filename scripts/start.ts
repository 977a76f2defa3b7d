// `npm start`: builds when needed, migrates the database, loads reference data, seeds demo
// inventory into an empty database, then serves the marketplace (default http://localhost:3000).
// With more than one server process (WEB_CONCURRENCY; docs/performance.md) this process does the
// start-up work, then forks the servers, which share the port (node:cluster): each builds its own
// search index and sees the others' writes through the index's poll (docs/search-index.md). The
// first server also runs the background jobs (mail, alerts, photos, listing checks), so each runs
// once; a server that dies is started again.
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import path from "node:path";
import { getEnv, serverProcesses } from "../app/server/env.server.ts";
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
import { flushAnalytics } from "../app/server/observability/analytics.server.ts";
import { startListingChecks } from "../app/server/listings/listing-checks.server.ts";
import { startPhotoRunner } from "../app/server/photos/jobs.server.ts";
import { log as logLine, reportError } from "../app/server/observability/log.server.ts";
import { withMallocTunables, withServerFlags } from "./server-process.ts";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);

function log(msg: string, extra: Record<string, unknown> = {}) {
  logLine("info", msg, extra);
}

/** The environment variable telling a forked server whether it runs the background jobs. */
const JOBS_ROLE = "FORECOURT_SERVER_JOBS";

async function main() {
  const env = getEnv();
  const processes = serverProcesses(env, availableParallelism());
  if (cluster.isPrimary) {
    await prepare();
    if (processes > 1) return supervise(processes);
    return serve(true);
  }
  return serve(process.env[JOBS_ROLE] === "1");
}

/** Once, before any server: build, migrate, reference data, the demo seed, price verdicts. */
async function prepare() {
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
}

/** The primary of several servers: forks them, starts again one that dies, stops them on a signal. */
async function supervise(processes: number) {
  // The servers open the database themselves.
  await closeDatabase();
  let stopping = false;
  const roles = new Map<number, string>();
  // The V8 flags a server runs with, also when this primary was started without them.
  cluster.setupPrimary({ execArgv: withServerFlags(process.execArgv) });
  const fork = (jobs: boolean) => {
    // The C library reads its allocator settings when a process starts, so a forked server is
    // the place to give them (scripts/server-process.ts; docs/performance.md, Memory).
    const worker = cluster.fork({ [JOBS_ROLE]: jobs ? "1" : "0", GLIBC_TUNABLES: withMallocTunables(process.env.GLIBC_TUNABLES) });
    roles.set(worker.id, jobs ? "1" : "0");
  };
  for (let i = 0; i < processes; i++) fork(i === 0);
  cluster.on("exit", (worker, code, signal) => {
    const jobs = roles.get(worker.id) === "1";
    roles.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    reportError("a server process stopped; starting another", new Error(`exit ${code ?? ""} ${signal ?? ""}`.trim()), { jobs });
    setTimeout(() => fork(jobs), 1000);
  });
  log("serving with several processes", { processes });
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log("shutting down", { signal, processes: Object.keys(cluster.workers ?? {}).length });
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
    setTimeout(() => process.exit(0), 8000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/** One HTTP server (the only one, or one of several); `jobs`: it also runs the background jobs. */
async function serve(jobs: boolean) {
  const env = getEnv();
  const db = await getDatabase();
  // Build the listing index before the port opens: the first shopper gets a warm search.
  const engine = await getSearchEngine();
  const status = engine.status();
  log("search index ready", { listings: status.listings, buildMs: status.buildMs, megabytes: Math.round(status.bytes / 1e6) });
  // Mail waits in the outbox; with SMTP configured this loop delivers it (docs/vehicle-page.md).
  const mailSender = jobs && env.SMTP_URL ? startMailSender({ db, transport: smtpTransport(env.SMTP_URL), from: env.MAIL_FROM, log }) : null;
  if (jobs && !mailSender) log("SMTP_URL is not set: mail stays in the outbox");
  // Saved-search digests and price drops, into the outbox (ALERTS_INTERVAL_MS; docs/accounts.md).
  const alertRunner = jobs ? startAlertRunner(db, log) : null;
  // Dealer photos waiting to be fetched and processed (PHOTO_JOBS_INTERVAL_MS; docs/photos.md).
  const photoRunner = jobs ? startPhotoRunner(db) : null;
  // Feed listings not confirmed for LISTING_CONFIRM_DAYS leave search (docs/dealer-feed.md).
  const listingChecks = jobs ? startListingChecks(db, log) : null;
  const app = await createHttpApp({
    buildDir: path.join(root, "build"),
    publicDir: path.join(root, "public"),
    mode: "production",
  });
  const server = app.listen(env.PORT, env.HOST, () => {
    log(`Forecourt is serving at http://localhost:${env.PORT}`, { database: db.description, ...(cluster.isWorker ? { process: cluster.worker?.id } : {}) });
  });
  // Keep idle keep-alive connections longer than a client or proxy keeps them (Node closes them
  // after 5 s; load balancers keep theirs up to 60 s): a request sent on a connection the server
  // is closing at that moment fails with ECONNRESET (docs/resilience-and-security.md).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const shutdown = (signal: string) => {
    log("shutting down", { signal });
    alertRunner?.stop();
    photoRunner?.stop();
    listingChecks?.stop();
    server.close(() => {
      void Promise.resolve(mailSender?.stop())
        .then(() => flushAnalytics().catch(() => 0))
        .then(() => closeSearchEngine())
        .then(() => closeDatabase())
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  reportError("start-up failed", error);
  process.exit(1);
});
