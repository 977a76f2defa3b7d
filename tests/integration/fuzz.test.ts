// Hostile input (docs/resilience-and-security.md): 10,000 generated and garbled results-page URLs through the results
// route's loaders, and 2,000 garbled posts to every form action in the route table (discovered
// from app/routes.ts, so forms added later are covered). Never a 5xx (a thrown error would be
// one), and nothing stored for an invalid post (every table's row count unchanged).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeConfig from "../../app/routes.ts";
import { closeDatabase, getDatabase } from "../../app/server/db/connection.server.ts";
import { seedInventory } from "../../app/server/inventory/seed.server.ts";
import { ensureReferenceData } from "../../app/server/reference/store.server.ts";
import { closeSearchEngine } from "../../app/server/search/search.server.ts";
import { CLIENT_ADDRESS_HEADER } from "../../app/server/security/rate-limit.server.ts";
import { setServiceCalls } from "../../app/server/services/calls.server.ts";

const URLS = Number(process.env.FUZZ_URLS ?? 10_000);
const POSTS = Number(process.env.FUZZ_POSTS ?? 2_000);
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "forecourt-fuzz-"));
  await closeDatabase();
  const db = await getDatabase({ sqlitePath: path.join(dir, "fuzz.db") });
  await ensureReferenceData(db);
  await seedInventory(db, { listings: 500, seed: 3, now: Date.UTC(2026, 10, 1), worker: false });
  process.env.LOG_LEVEL = "error";
});

afterAll(async () => {
  setServiceCalls(undefined);
  await closeSearchEngine();
  await closeDatabase();
  rmSync(dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Deterministic generators

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = prng(20261124);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
const int = (n: number) => Math.floor(rnd() * n);

const NAMES = [
  "zip",
  "searchRadius",
  "makeCode",
  "makeCodeList",
  "modelCode",
  "modelCodeList",
  "trimCode",
  "trimCodeList",
  "seriesCode",
  "startYear",
  "endYear",
  "minPrice",
  "maxPrice",
  "mileage",
  "listingType",
  "listingTypes",
  "vehicleStyleCode",
  "bodyStyleSubtypeCode",
  "extColorSimple",
  "fuelTypeGroup",
  "driveGroup",
  "engineCode",
  "featureCode",
  "dealType",
  "sellerType",
  "homeServices",
  "keyword",
  "sortBy",
  "sort",
  "firstRecord",
  "numRecords",
  "marketExtension",
  "mpgRange",
  "electricMileRange",
  "truckBedLength",
  "truckCabSize",
  "doorCode",
  "expired",
  "experience",
  "searchZip",
  "makeCodes",
  "compare",
  "via",
  "page",
  "__proto__",
  "constructor",
  "",
];
const GOOD = [
  "TOYOTA",
  "HONDA",
  "FORD",
  "RAV4",
  "CIVIC",
  "F150",
  "SUVCROSS",
  "SEDAN",
  "USED",
  "NEW",
  "CERTIFIED",
  "30301",
  "10001",
  "90210",
  "50",
  "2020",
  "2024",
  "derivedpriceASC",
  "greatprice",
  "p",
  "ELE",
];
const BAD = [
  "",
  " ",
  "-1",
  "0",
  "1e308",
  "NaN",
  "Infinity",
  "99999999999999999999",
  "3.5",
  "0x1F",
  "١٢٣٤٥",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "'; DROP TABLE listings; --",
  '" OR 1=1 --',
  "<script>alert(1)</script>",
  "%",
  "%%",
  "%zz",
  "%00",
  "\u0000",
  "\uFFFF",
  "\uD800",
  "😀🚗",
  "a".repeat(5000),
  "../../etc/passwd",
  "TOYOTA,HONDA,,,",
  "TOYOTA|RAV4|",
  "|",
  ",",
  "$1,000,000.99",
  "-$5",
  "2020-2024",
  "  30301-1234  ",
  "javascript:alert(1)",
  "https://evil.example/",
  "\r\nSet-Cookie: x=1",
  "Ω≈ç√",
  "ＴＯＹＯＴＡ",
  "toyota",
  "ToYoTa",
];
const SEGMENTS = [
  "used",
  "new",
  "certified",
  "all",
  "toyota",
  "honda",
  "rav4",
  "civic",
  "suv",
  "sedan",
  "2020",
  "xyz",
  "%E2%98%83",
  "..",
  ".",
  "",
  "a".repeat(300),
  "%00",
  "cars-for-sale",
  "-",
  "used-cars",
  "toyota-rav4",
];

function value(): string {
  const r = rnd();
  if (r < 0.35) return pick(GOOD);
  if (r < 0.7) return pick(BAD);
  if (r < 0.85) return String(int(1e6) - 5e5);
  // Random bytes, percent-encoded or raw printable.
  let s = "";
  for (let i = 0, n = int(20); i < n; i++) s += String.fromCharCode(int(0x2fff));
  return s;
}

/** encodeURIComponent, which throws on lone surrogates: those become "x". */
function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return "x";
  }
}

function garble(s: string): string {
  switch (int(6)) {
    case 0:
      return s.replace(/=/g, "==");
    case 1:
      return s.replace(/&/g, "&&&");
    case 2:
      return `${s}%`;
    case 3:
      return s.split("").reverse().join("");
    case 4:
      return `${s}&${"x".repeat(int(3000))}=1`;
    default:
      return s;
  }
}

function resultsUrl(): { route: "search" | "category"; url: string; splat?: string } {
  const params = new URLSearchParams();
  for (let i = 0, n = int(8); i < n; i++) params.append(pick(NAMES), value());
  let query = params.toString();
  if (rnd() < 0.3) query = garble(query);
  if (rnd() < 0.5) return { route: "search", url: `http://localhost/cars-for-sale?${query}` };
  const segments = Array.from({ length: 1 + int(6) }, () => (rnd() < 0.8 ? pick(SEGMENTS) : enc(value()).slice(0, 200)));
  const splat = segments.join("/");
  return { route: "category", url: `http://localhost/cars-for-sale/${splat}?${query}`, splat };
}

// ---------------------------------------------------------------------------------------------
// Calling route modules like React Router does

type RouteModule = {
  loader?: (args: Record<string, unknown>) => Promise<unknown>;
  action?: (args: Record<string, unknown>) => Promise<unknown>;
};
type Entry = { path?: string; file: string; index?: boolean; children?: Entry[] };

function flatten(entries: Entry[], prefix = ""): { path: string; file: string }[] {
  return entries.flatMap((e) => {
    const p = e.index ? prefix : [prefix, e.path ?? ""].filter(Boolean).join("/");
    return [{ path: p, file: e.file }, ...flatten(e.children ?? [], p)];
  });
}

const modules = new Map<string, Promise<RouteModule>>();
function load(file: string): Promise<RouteModule> {
  if (!modules.has(file)) modules.set(file, import(/* @vite-ignore */ path.resolve("app", file)) as Promise<RouteModule>);
  return modules.get(file)!;
}

/** The status a thrown or returned value would give (a thrown non-Response is a 500). */
function statusOf(outcome: { value?: unknown; error?: unknown }): number {
  const v = outcome.error ?? outcome.value;
  if (
    outcome.error !== undefined &&
    !(v instanceof Response) &&
    !(typeof v === "object" && v !== null && "type" in v && (v as { type: string }).type === "DataWithResponseInit")
  ) {
    return 500;
  }
  if (v instanceof Response) return v.status;
  const init = (v as { init?: { status?: number } } | undefined)?.init;
  return init?.status ?? 200;
}

type Middleware = (args: Record<string, unknown>, next: () => Promise<unknown>) => Promise<unknown>;

/** Runs the root route's middleware (the request context, the form check), then the loader or action, as the server does. */
async function invoke(fn: NonNullable<RouteModule["loader"]>, args: Record<string, unknown>) {
  try {
    const root = (await import("../../app/root.tsx")) as unknown as { middleware?: Middleware[] };
    for (const m of root.middleware ?? []) await m(args, async () => undefined);
    return { value: await fn(args) };
  } catch (error) {
    return { error };
  }
}

async function rowCounts(): Promise<Record<string, number>> {
  const db = await getDatabase();
  const tables =
    db.dialect === "sqlite"
      ? (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(db.kysely)).rows.map(
          (r) => r.name,
        )
      : (await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`.execute(db.kysely)).rows.map((r) => r.name);
  const out: Record<string, number> = {};
  for (const t of tables) {
    // Rate-limit counters (ADR 021) count attempts, valid or not: not something a post stores.
    if (t === "rate_limits") continue;
    const r = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(t)}`.execute(db.kysely);
    out[t] = Number(r.rows[0]!.n);
  }
  return out;
}

const routes = flatten(routeConfig as Entry[]);

describe("hostile input", () => {
  it(`${URLS} generated and garbled results-page URLs: never a 5xx`, async () => {
    const search = await load(routes.find((r) => r.path === "cars-for-sale")!.file);
    const category = await load(routes.find((r) => r.path === "cars-for-sale/*")!.file);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < URLS; i++) {
      const u = resultsUrl();
      let url: URL;
      try {
        url = new URL(u.url);
      } catch {
        continue; // not a URL a server could receive
      }
      const request = new Request(url, { headers: { "user-agent": i % 7 === 0 ? "Googlebot/2.1" : "Mozilla/5.0" } });
      const mod = u.route === "search" ? search : category;
      const outcome = await invoke(mod.loader!, { request, url, params: u.route === "category" ? { "*": u.splat } : {}, context: new RouterContextProvider() });
      const status = statusOf(outcome);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status >= 500) failures.push(`${status} ${u.url.slice(0, 300)}: ${String((outcome.error as Error)?.stack ?? "").slice(0, 300)}`);
    }
    expect(failures.slice(0, 5)).toEqual([]);
    // The generator reaches every kind of answer: pages, redirects and not-found.
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([200, 301, 404]));
  }, 600_000);

  it(`${POSTS} garbled posts to every form action in the route table: never a 5xx, nothing stored`, async () => {
    const withActions: { path: string; mod: RouteModule }[] = [];
    for (const r of routes) {
      const mod = await load(r.file);
      if (typeof mod.action === "function") withActions.push({ path: r.path, mod });
    }
    expect(withActions.length).toBeGreaterThan(0);
    const db = await getDatabase();
    const listing = await db.kysely.selectFrom("listings").select("id").where("status", "=", "active").executeTakeFirstOrThrow();
    const before = await rowCounts();
    const failures: string[] = [];
    for (const { path: routePath, mod } of withActions) {
      for (let i = 0; i < POSTS; i++) {
        // Path parameters: a real listing id, or garbage.
        const params: Record<string, string> = {};
        const concrete = routePath.replace(/:(\w+)\??|\*/g, (m, name: string | undefined) => {
          const raw = rnd() < 0.5 ? String(listing.id) : value().slice(0, 100) || "x";
          params[name ?? "*"] = raw;
          return enc(raw);
        });
        const url = new URL(`http://localhost/${concrete}${rnd() < 0.3 ? `?${new URLSearchParams([[pick(NAMES), value()]])}` : ""}`);
        const form = new URLSearchParams();
        for (let k = 0, n = int(10); k < n; k++)
          form.append(
            pick(
              NAMES.concat([
                "email",
                "emailAddress",
                "firstName",
                "lastName",
                "phone",
                "phoneNumber",
                "comments",
                "message",
                "reason",
                "password",
                "name",
                "offer",
                "amount",
                "intent",
                "_action",
                "listingId",
                "redirectTo",
                "refUrl",
              ]),
            ),
            value(),
          );
        let body: string | undefined = form.toString();
        let type = "application/x-www-form-urlencoded";
        const mode = int(6);
        if (mode === 0) body = garble(body);
        if (mode === 1) body = "\u0000\uFFFF" + body;
        if (mode === 2) type = "multipart/form-data; boundary=nope";
        if (mode === 3) type = "application/json";
        if (mode === 4) body = undefined;
        const request = new Request(url, {
          method: "POST",
          body,
          headers: { "Content-Type": type, Origin: "http://localhost", "user-agent": "Mozilla/5.0", [CLIENT_ADDRESS_HEADER]: `10.0.${int(255)}.${int(255)}` },
        });
        // The root route's middleware runs before every action (invoke), as in the server.
        const args = { request, url, params, context: new RouterContextProvider() };
        const outcome = await invoke(mod.action!, args);
        const status = statusOf(outcome);
        if (status >= 500) failures.push(`${routePath} ${status}: ${body?.slice(0, 200)} ${String((outcome.error as Error)?.stack ?? "").slice(0, 300)}`);
      }
    }
    expect(failures.slice(0, 5)).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  }, 600_000);
});
