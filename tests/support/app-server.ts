// The real production server for integration tests: `node scripts/start.ts` (after a locked
// build check) on its own port and database, seeded with a small demo inventory, plus a tiny
// form-posting client that behaves like a browser without JavaScript (Origin header, cookies,
// redirects not followed).
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import type { Kysely } from "kysely";
import type { DB } from "../../app/server/db/schema.server.ts";
import { ensureBuildLocked } from "../../scripts/ensure-build.ts";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * A port for a test server: TEST_SERVER_PORT + slot when that is set (machines that hand out
 * port ranges), else one the operating system says is free.
 */
/** The test servers' SESSION_SECRET (a test can sign a cookie the way the server does). */
export const TEST_SESSION_SECRET = "integration-session-secret-that-is-long-enough-0123456789";

export async function testServerPort(slot: number): Promise<number> {
  const base = Number(process.env.TEST_SERVER_PORT);
  if (Number.isInteger(base) && base > 0) return base + slot;
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface AppServer {
  port: number;
  /** http://127.0.0.1:port, also the server's PUBLIC_ORIGIN. */
  origin: string;
  child: ChildProcess;
  /** What the server wrote to stderr (for failure messages). */
  stderr: string[];
  /** SIGTERM, then SIGKILL after 10 s; resolves when the process has exited. */
  stop(): Promise<void>;
  /** Sends a signal and waits for the process to exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface StartOptions {
  port: number;
  sqlitePath?: string;
  databaseUrl?: string;
  /** Listings seeded into an empty database (demo generator, seed 1). */
  seedListings?: number;
  env?: Record<string, string>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

export async function startAppServer(opts: StartOptions): Promise<AppServer> {
  await ensureBuildLocked();
  const origin = `http://127.0.0.1:${opts.port}`;
  const child = spawn(process.execPath, [path.join(root, "scripts/start.ts"), "--no-build"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(opts.port),
      HOST: "127.0.0.1",
      ...(opts.sqlitePath ? { SQLITE_PATH: opts.sqlitePath } : {}),
      DATABASE_URL: opts.databaseUrl ?? "",
      SEED_LISTINGS: String(opts.seedListings ?? 300),
      SEED_ON_START: "true",
      SESSION_SECRET: TEST_SESSION_SECRET,
      PUBLIC_ORIGIN: origin,
      ALERTS_INTERVAL_MS: "0",
      SMTP_URL: "",
      DEV_MAIL: "false",
      LOG_LEVEL: "warn",
      // One process unless a test asks for more (tests/integration/server-processes.test.ts).
      WEB_CONCURRENCY: "1",
      ...opts.env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const stderr: string[] = [];
  child.stderr?.on("data", (d: Buffer) => {
    stderr.push(String(d));
    if (stderr.length > 200) stderr.shift();
  });
  const server: AppServer = {
    port: opts.port,
    origin,
    child,
    stderr,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited(child);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${stderr.join("").slice(-3000)}`);
    }
    try {
      const res = await fetch(`${origin}/healthz`);
      if (res.ok) return server;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 240_000) {
      await server.kill("SIGKILL");
      throw new Error(`server not ready after 240 s:\n${stderr.join("").slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

export interface FormResponse {
  status: number;
  location: string | null;
  body: string;
  headers: Headers;
}

/** A browser without JavaScript: posts forms with this site's Origin, keeps cookies, no redirects followed. */
export class FormClient {
  readonly cookies = new Map<string, string>();
  private readonly origin: string;
  /**
   * Sent as X-Forwarded-For: with TRUST_PROXY_HOPS=1 a single entry is what one proxy appends, so
   * it is the rate limits' client address.
   */
  address: string | null;

  constructor(origin: string, address: string | null = null) {
    this.origin = origin;
    this.address = address;
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const h: Record<string, string> = { "user-agent": "Mozilla/5.0 (integration test)", accept: "text/html", ...extra };
    if (this.cookies.size > 0) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (this.address) h["x-forwarded-for"] = this.address;
    return h;
  }

  private keep(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async get(pathAndQuery: string): Promise<FormResponse> {
    const res = await fetch(this.origin + pathAndQuery, { headers: this.headers(), redirect: "manual" });
    this.keep(res);
    return { status: res.status, location: res.headers.get("location"), body: await res.text(), headers: res.headers };
  }

  async post(pathAndQuery: string, fields: Record<string, string>, opts: { signal?: AbortSignal } = {}): Promise<FormResponse> {
    const res = await fetch(this.origin + pathAndQuery, {
      method: "POST",
      headers: this.headers({ "content-type": "application/x-www-form-urlencoded", origin: this.origin }),
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
      signal: opts.signal,
    });
    this.keep(res);
    return { status: res.status, location: res.headers.get("location"), body: await res.text(), headers: res.headers };
  }
}

/** Active listings of dealers that take email (sellerType "d") or of private sellers ("p"), by id. */
export async function activeListingIds(db: Kysely<DB>, sellerType: "d" | "p"): Promise<number[]> {
  const rows = await db
    .selectFrom("listings as l")
    .innerJoin("owners as o", "o.id", "l.owner_id")
    .select("l.id")
    .where("l.status", "=", "active")
    .where("o.seller_type", "=", sellerType)
    .where("o.hide_email_form", "=", 0)
    .orderBy("l.id")
    .execute();
  return rows.map((r) => Number(r.id));
}
