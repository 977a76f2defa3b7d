// The defaultPageSize feature flag drives the results page's size end to end (docs/results-page.md):
// the server runs with FLAG_DEFAULT_PAGE_SIZE=20, and the page shows 20 results, says 'Showing
// 21–40' and 'Previous 20', and its next batch (the link and infinite scroll's) starts at 40.
// (A configured 25 becoming 30 is app/server/flags.server.test.ts's.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, testServerPort, type AppServer } from "../support/app-server.ts";
import { testDatabaseFactories, type TestDatabase } from "../support/databases.ts";

let t: TestDatabase;
let server: AppServer;

beforeAll(async () => {
  t = await testDatabaseFactories()[0]!.create();
  server = await startAppServer({ port: await testServerPort(19), ...t.location, seedListings: 200, env: { FLAG_DEFAULT_PAGE_SIZE: "20" } });
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await t?.drop();
});

/** A results page as a visitor without JavaScript gets it (a cookie keeps it out of the page cache). */
async function page(url: string): Promise<string> {
  const res = await fetch(server.origin + url, { headers: { accept: "text/html", cookie: "page-size-test=1" } });
  expect(res.status, url).toBe(200);
  // (React separates adjacent text with empty comments.)
  return (await res.text()).replaceAll("<!-- -->", "");
}

describe("the defaultPageSize flag", () => {
  it("sets the page size the results page shows and says", async () => {
    const second = await page("/cars-for-sale/all?firstRecord=20");
    expect(second).toMatch(/Showing 21–40 of [\d,]+/);
    expect(second).toContain(">Previous 20<");
    expect(second).not.toContain("Previous 30");
    // The next batch starts 20 further on ('See More Results').
    expect(second).toMatch(/href="\/cars-for-sale\/all\?firstRecord=40"[^>]*>See More Results/);
    // The first page holds 20, less the one result a vehicle highlight row or a new-car boost
    // trims (docs/results-page.md), and its next batch starts where it stopped.
    const first = await page("/cars-for-sale/all");
    const shown = Number(/Showing 1–(\d+) of [\d,]+/.exec(first)?.[1]);
    expect([18, 19, 20]).toContain(shown);
    expect(first).toContain(`href="/cars-for-sale/all?firstRecord=${shown}"`);
    // The infinite scroll's batch is the same size.
    const batch = (await (await fetch(`${server.origin}/cars-for-sale-batch?url=${encodeURIComponent("/cars-for-sale/all?firstRecord=20")}`)).json()) as {
      firstRecord: number;
      nextHref: string;
      grid: { kind: string }[];
    };
    expect(batch.firstRecord).toBe(20);
    expect(batch.nextHref).toBe("/cars-for-sale/all?firstRecord=40");
    expect(batch.grid.filter((g) => g.kind === "listing")).toHaveLength(20);
  });
});
