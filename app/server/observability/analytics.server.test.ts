// First-party page events (docs/analytics.md) on SQLite and PostgreSQL: counted in memory, added
// to the day's rows (by several instances too), bots and non-pages left out.
import type { NextFunction, Request, Response } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { analyticsByDay, analyticsMiddleware, flushAnalytics, pageKind, recordEvent } from "./analytics.server.ts";

const NOW = Date.UTC(2026, 10, 25, 12);
const DAY = 86_400_000;

function request(path: string, headers: Record<string, string> = {}, query: Record<string, string> = {}): Request {
  return {
    method: "GET",
    path,
    headers: { accept: "text/html", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0", ...headers },
    query,
  } as unknown as Request;
}

describe("pageKind", () => {
  it("names the page a path is", () => {
    expect(
      [
        "/",
        "/cars-for-sale/vehicle/12",
        "/cars-for-sale/used/honda",
        "/cars-for-sale",
        "/compare",
        "/research/honda/civic/2020/reviews",
        "/account/saved",
        "/robots.txt",
      ].map(pageKind),
    ).toEqual(["home", "vehicle", "results", "results", "compare", "research", "account", "other"]);
  });
});

describe.each(testDatabaseFactories())("analytics on $name", (factory) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await factory.create();
    await flushAnalytics(t.db); // nothing left from another test file
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("counts page views, searches and card clicks of people, and adds flushes together", async () => {
    const next = (() => {}) as NextFunction;
    const res = {} as Response;
    await flushAnalytics(t.db);
    analyticsMiddleware(request("/cars-for-sale/used/honda"), res, next);
    analyticsMiddleware(request("/cars-for-sale/used/honda.data", { accept: "*/*" }), res, next);
    analyticsMiddleware(request("/cars-for-sale/vehicle/42", {}, { clickType: "listing", tileClick: "v_lstg_3" }), res, next);
    // A label no card carries is counted as "other", not stored as given.
    analyticsMiddleware(request("/cars-for-sale/vehicle/42", {}, { tileClick: "made_up_label" }), res, next);
    // Not counted: a bot, a revalidation, a JSON service, a POST, a stylesheet.
    analyticsMiddleware(request("/cars-for-sale/used/honda", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }), res, next);
    analyticsMiddleware(request("/cars-for-sale/used/honda.data", { accept: "*/*" }, { _routes: "root" }), res, next);
    analyticsMiddleware(request("/cars-for-sale/svc/listing-view-count", { accept: "application/json" }), res, next);
    analyticsMiddleware({ ...request("/"), method: "POST" } as Request, res, next);
    analyticsMiddleware(request("/assets/app.css", { accept: "text/css" }), res, next);
    recordEvent("save", "vehicle");
    recordEvent("lead", "email");
    expect(await flushAnalytics(t.db)).toBe(7);
    // A second instance's (or a later flush's) counts add to the same rows.
    recordEvent("page_view", "results");
    await flushAnalytics(t.db);

    const rows = await analyticsByDay(t.db, 1);
    const count = (event: string, label: string) => rows.find((r) => r.event === event && r.label === label)?.count ?? 0;
    expect(count("page_view", "results")).toBe(3);
    expect(count("page_view", "vehicle")).toBe(2);
    expect(count("search", "used")).toBe(2);
    expect(count("card_click", "v_lstg_3")).toBe(1);
    expect(count("card_click", "other")).toBe(1);
    expect(count("card_click", "made_up_label")).toBe(0);
    expect(count("save", "vehicle")).toBe(1);
    expect(count("lead", "email")).toBe(1);
    expect(rows.reduce((n, r) => n + r.count, 0)).toBe(11);
  });

  it("keeps days apart, shows the last days only, and stores odd labels as 'other'", async () => {
    recordEvent("page_view", "home", NOW - 20 * DAY);
    recordEvent("card_click", "<script>", NOW);
    await flushAnalytics(t.db);
    const rows = await analyticsByDay(t.db, 14, NOW);
    expect(rows.some((r) => r.day === "2026-11-05")).toBe(false);
    expect(rows.find((r) => r.day === "2026-11-25" && r.event === "card_click")?.label).toBe("other");
    expect((await analyticsByDay(t.db, 30, NOW)).some((r) => r.day === "2026-11-05")).toBe(true);
  });
});
