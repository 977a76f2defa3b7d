// What the benchmarks share: seeding a SQLite inventory of a given size, starting the production
// server on it, and waiting until /healthz answers (after the search index is built).
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { openDatabase } from "../app/server/db/connection.server.ts";
import { seedInventory } from "../app/server/inventory/seed.server.ts";
import { ensureReferenceData } from "../app/server/reference/store.server.ts";
import { SERVER_NODE_FLAGS, withMallocTunables } from "./server-process.ts";

const root = path.resolve(import.meta.dirname, "..");

export async function seedBenchDatabase(file: string, listings: number): Promise<void> {
  console.log(`seeding ${listings.toLocaleString("en-US")} listings into ${file} (seed 1) ...`);
  const db = await openDatabase({ sqlitePath: file });
  await ensureReferenceData(db);
  await seedInventory(db, { listings, seed: 1 });
  await db.close();
}

export function startBenchServer(opts: { db: string; port: number; name: string; env?: Record<string, string> }): ChildProcess {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, "scripts/start.ts")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      // As `npm start`'s forked servers run (scripts/server-process.ts).
      GLIBC_TUNABLES: withMallocTunables(process.env.GLIBC_TUNABLES),
      PORT: String(opts.port),
      SQLITE_PATH: opts.db,
      DATABASE_URL: "",
      SEED_ON_START: "false",
      SESSION_SECRET: `${opts.name}-session-secret-that-is-long-enough-0123456789`,
      PUBLIC_ORIGIN: `http://localhost:${opts.port}`,
      ...opts.env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.on("data", (d: Buffer) => process.stderr.write(`  [server] ${d}`));
  return child;
}

/** Stops the server (SIGTERM) when called, and on Ctrl-C before exiting. */
export function stopper(child: ChildProcess): () => void {
  const stop = () => {
    if (child.exitCode === null) child.kill("SIGTERM");
  };
  process.on("SIGINT", () => {
    stop();
    process.exit(130);
  });
  return stop;
}

/** Milliseconds until /healthz answered (it does once the search index is built). */
export async function waitForServer(child: ChildProcess, port: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://localhost:${port}/healthz`);
      if (res.ok) return performance.now() - started;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - started > 15 * 60_000) throw new Error("server not ready after 15 minutes");
    await new Promise((r) => setTimeout(r, 500));
  }
}
