// The choices a results document leaves out (ADR 032): GET /cars-for-sale-filters answers the
// page's own filter sections, in full, and the page's showFilter view parameter survives the
// redirect to the canonical address without ever being search state.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDatabase, type SeededDatabase } from "../../../tests/support/seeded-database.ts";
import type { FilterSectionsAnswer, ResultsPageData } from "./view.ts";
import { requestContexts } from "../../server/http/request-context.server.ts";
import { setServiceCalls } from "../../server/services/calls.server.ts";
import { loadSearchPage } from "./loader.server.ts";
import { loadFilterSections } from "./filters.server.ts";
import { deferClosedSections } from "./page.server.ts";

let seeded: SeededDatabase;

beforeAll(async () => {
  seeded = await seededDatabase("filters", { listings: 600, seed: 11, now: Date.now() });
}, 120_000);

afterAll(async () => {
  setServiceCalls(undefined);
  await seeded.close();
});

const request = (url: string) => new Request(`http://localhost${url}`, { headers: { "user-agent": "Mozilla/5.0 Chrome/140" } });

async function page(url: string): Promise<ResultsPageData> {
  const req = request(url);
  const res = await loadSearchPage({ url: new URL(req.url), ...(await requestContexts(req)) });
  return res.data as ResultsPageData;
}

async function filters(url: string): Promise<FilterSectionsAnswer | null> {
  const req = request(`/cars-for-sale-filters?url=${encodeURIComponent(url)}`);
  return loadFilterSections({ url: new URL(req.url), ...(await requestContexts(req)) });
}

/** Where the loader redirects `url`, or null when it renders it. */
async function redirectOf(url: string): Promise<string | null> {
  try {
    await page(url);
    return null;
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) return thrown.headers.get("location");
    throw thrown;
  }
}

describe("GET /cars-for-sale-filters", () => {
  it("answers the page's own filter sections, every choice in them", async () => {
    for (const url of ["/cars-for-sale", "/cars-for-sale/used/toyota?sortBy=derivedpriceASC", "/cars-for-sale/new?startYear=2024&extColorSimple=BLACK"]) {
      const answer = await filters(url);
      expect(answer?.href).toBe(url);
      expect(answer?.filters, url).toEqual((await page(url)).filters);
      // What the document leaves out is all in the answer.
      const left = deferClosedSections(answer!.filters);
      expect(left.some((s) => "deferred" in s && s.deferred)).toBe(true);
      for (const s of answer!.filters) expect("deferred" in s || "moreDeferred" in s || "exceptDeferred" in s, s.id).toBe(false);
    }
  });

  it("is a 404 for anything that is not a results page's URL", async () => {
    expect(await filters("/account")).toBeNull();
    expect(await filters("/cars-for-sale/vehicle/1")).toBeNull();
    expect(await filters("/cars-for-sale/no-such-make-at-all/x/y/z")).toBeNull();
  });
});

describe("the showFilter view parameter", () => {
  it("rides along the redirect to the canonical address and is never search state", async () => {
    expect(await redirectOf("/cars-for-sale?makeCode=TOYOTA&showFilter=f-doorcode")).toBe("/cars-for-sale/used/toyota?showFilter=f-doorcode");
    expect(await redirectOf("/cars-for-sale/used/toyota?showFilter=f-doorcode")).toBeNull();
    // Garbage is ignored, not a redirect loop nor an error.
    expect(await redirectOf("/cars-for-sale/used/toyota?showFilter=%3Cb%3E")).toBeNull();
    const shown = await page("/cars-for-sale/used/toyota?showFilter=f-doorcode");
    expect(shown.canonicalUrl).toMatch(/\/cars-for-sale\/used\/toyota$/);
    expect(JSON.stringify(shown)).not.toContain("showFilter");
  });
});
