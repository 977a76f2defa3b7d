import { describe, expect, it } from "vitest";
import { TEXT } from "../../lib/constants.ts";
import type { FacetFilter, FacetOption } from "../../lib/search-query.ts";
import { parseSearchUrl, type SearchUrlContext } from "../../lib/search-url.ts";
import { emptyLabels } from "../../server/search/labels.server.ts";
import {
  CERTIFIED_KEY,
  MODEL_PRICING_KEY,
  TABS_KEY,
  filterPartId,
  keptKey,
  type ChoiceSection,
  type MakeSection,
  type PriceSection,
  type ResultsPageData,
  type YearSection,
} from "./view.ts";
import { addToCompare } from "../../server/compare/compare.server.ts";
import {
  buildFilterSections,
  checkInputs,
  checkZip,
  deferClosedSections,
  keepShownChoices,
  keepShownParts,
  splitShowFilter,
  withShowFilter,
  withoutEmptyChoices,
} from "./page.server.ts";

const labels = emptyLabels();
labels.makes.set("TOYOTA", "Toyota").set("HONDA", "Honda");
labels.models.set("TOYOTA|RAV4", "RAV4");
labels.bodyStyles.set("SUVCROSS", { name: "SUV / Crossover", sort: 1 }).set("SEDAN", { name: "Sedan", sort: 2 });
const ctx: SearchUrlContext = { makes: labels.makes, models: labels.models, bodyStyles: labels.bodyStyles };

function option(value: string, count: number, extra: Partial<FacetOption> = {}): FacetOption {
  return { label: value, value, count, selected: false, disabled: count === 0, ...extra };
}
function facet(name: string, label: string, options: FacetOption[]): FacetFilter {
  return { name, label, collapsed: !options.some((o) => o.selected), value: options.filter((o) => o.selected).map((o) => o.value), options };
}

describe("checkZip", () => {
  it("accepts an empty field and real ZIPs (a ZIP+4 is cut to 5 by the URL rule)", () => {
    expect(checkZip(null).error).toBeNull();
    expect(checkZip("").error).toBeNull();
    expect(checkZip("30301").error).toBeNull();
    expect(checkZip("30301-1234").error).toBeNull();
  });
  it("says 'Enter a valid ZIP Code' for anything else", () => {
    for (const zip of ["1234", "abcde", "00000", "3030"]) expect(checkZip(zip), zip).toEqual({ error: TEXT.invalidZip, typed: zip });
  });
});

describe("checkInputs", () => {
  it("takes out a bad max price before the URL module can swap the pair", () => {
    const c = checkInputs(new URL("http://x/cars-for-sale?minPrice=20000&maxPrice=10000&makeCode=TOYOTA"));
    expect(c.price.error).toBe(TEXT.priceMaxLessThanMin);
    expect(c.url.searchParams.get("minPrice")).toBe("20000");
    expect(c.url.searchParams.has("maxPrice")).toBe(false);
    const q = parseSearchUrl(c.url, ctx).state.query;
    expect([q.minPrice, q.maxPrice]).toEqual([20000, undefined]);
  });
  it("cleans typed prices to digits", () => {
    const c = checkInputs(new URL("http://x/cars-for-sale?minPrice=%2410%2C000&maxPrice=20,000.50"));
    expect(c.price.error).toBeNull();
    expect(c.url.search).toBe("?minPrice=10000&maxPrice=20000");
  });
  it("takes out a bad ZIP and its distance, keeping what was typed", () => {
    const c = checkInputs(new URL("http://x/cars-for-sale?zip=1234&searchRadius=50&makeCode=TOYOTA"));
    expect(c.zipError).toBe(TEXT.invalidZip);
    expect(c.typedZip).toBe("1234");
    expect(c.url.search).toBe("?makeCode=TOYOTA");
  });
  it("leaves good input alone", () => {
    const c = checkInputs(new URL("http://x/cars-for-sale/used/toyota?zip=30301&searchRadius=50"));
    expect(c).toMatchObject({ zipError: null, price: { error: null, changed: false } });
    expect(c.url.search).toBe("?zip=30301&searchRadius=50");
  });
});

describe("addToCompare", () => {
  it("ignores a listing already added and stops at 5", () => {
    expect(addToCompare([], 7)).toEqual([7]);
    expect(addToCompare([7], 7)).toEqual([7]);
    expect(addToCompare([1, 2, 3, 4, 5], 6)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("buildFilterSections", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const build = (url: string, filters: FacetFilter[]) => {
    const u = new URL(`http://x${url}`);
    const checks = checkInputs(u);
    const { state } = parseSearchUrl(checks.url, ctx);
    return buildFilterSections({ state, ctx, labels, filters, checks, now });
  };

  it("starts with Location and keeps the facets' order", () => {
    const { sections } = build("/cars-for-sale", [facet("driveGroup", "Drive Type", [option("FWD", 3)]), facet("doorCode", "Doors", [option("4", 2)])]);
    expect(sections.map((s) => s.label)).toEqual(["Location", "Drive Type", "Doors"]);
  });

  it("offers the current year minus 2 through plus 1 for new cars, every inventory year otherwise", () => {
    const years = facet("yearRange", "Year", [option("2026", 1), option("2019", 4), option("2012", 2)]);
    const newYears = build("/cars-for-sale/new", [years]).sections[1] as YearSection;
    expect(newYears.years).toEqual([2027, 2026, 2025, 2024]);
    const used = build("/cars-for-sale", [years]).sections[1] as YearSection;
    expect(used.years).toEqual([2027, 2026, 2025, 2024, 2019, 2012]);
    expect(used.start).toBe(0);
  });

  it("carries what the form does not show as hidden fields", () => {
    const makes = facet("makeCodeList", "Make", [option("TOYOTA", 5, { selected: true }), option("HONDA", 3)]);
    const { hidden, sections } = build("/cars-for-sale/used/toyota?keyword=hybrid&sortBy=mileageASC&firstRecord=30", [makes]);
    expect(hidden).toEqual([
      ["listingType", "USED"],
      ["keyword", "hybrid"],
      ["sortBy", "mileageASC"],
    ]);
    const make = sections[1] as MakeSection;
    expect(make.groups?.[0].options.map((o) => o.value)).toEqual(["TOYOTA"]);
    expect(make.addAnother?.map((o) => o.value)).toEqual(["HONDA"]);
  });

  it("shows SUV types only with SUVs chosen, and truck sizes only with trucks", () => {
    const subtypes = facet("bodyStyleSubtypeCode", "Body Style Type", [
      option("SMALLSUV", 2, { group: "SUVCROSS" }),
      option("MIDSIZESEDAN", 1, { group: "SEDAN" }),
    ]);
    const bed = facet("truckBedLength", "Truck Bed Length", [option("SHORT", 1)]);
    expect(build("/cars-for-sale", [subtypes, bed]).sections.map((s) => s.label)).toEqual(["Location"]);
    const { sections } = build("/cars-for-sale/used/suv-crossover", [subtypes, bed]);
    expect(sections.map((s) => s.label)).toEqual(["Location", "SUV Type"]);
  });

  it("turns Fuel Economy off for electric cars and hides Electric Mile Range when nothing has one", () => {
    const fuel = facet("fuelTypeGroup", "Fuel Type", [option("ELE", 4, { selected: true }), option("GSL", 0)]);
    const mpg = facet("mpgRange", "Fuel Economy", [option("30", 0)]);
    const range = facet("electricMileRange", "Electric Mile Range", [option("200", 0), option("300", 0)]);
    const { sections } = build("/cars-for-sale?fuelTypeGroup=ELE", [fuel, mpg, range]);
    expect(sections.map((s) => s.label)).toEqual(["Location", "Fuel Type", "Fuel Economy"]);
    expect((sections[2] as ChoiceSection).disabledNote).toMatch(/electric/);
    expect((sections[2] as ChoiceSection).kind).toBe("radio");
  });

  it("puts long sections' less popular options under 'more', keeping selected ones in view", () => {
    const colors = facet(
      "extColorSimple",
      "Exterior Color",
      Array.from({ length: 15 }, (_, i) => option(`C${String(i).padStart(2, "0")}`, i + 1, { selected: i === 0 })),
    );
    const s = build("/cars-for-sale?extColorSimple=C00", [colors]).sections[1] as ChoiceSection;
    const shown = (s.groups ?? []).flatMap((g) => g.options.map((o) => o.value));
    expect(shown).toContain("C00");
    expect(shown).toContain("C14");
    expect(shown).toHaveLength(9);
    expect(s.moreCount).toBe(6);
  });
});

describe("deferClosedSections (ADR 032)", () => {
  const section = (id: string, open: boolean, selected: boolean): ChoiceSection => ({
    kind: "checkbox",
    id,
    label: id,
    open,
    name: id,
    groups: [{ label: null, options: [{ label: "A", value: "a", count: 3, ...(selected ? { selected: true as const } : {}) }] }],
    more: [{ label: null, options: [{ label: "B", value: "b", count: 1 }] }],
    moreCount: 1,
  });

  it("leaves out a closed section with nothing chosen, and every 'Show more' list", () => {
    const closed = section("f-closed", false, false);
    const open = section("f-open", true, false);
    const chosen = section("f-chosen", false, true);
    const out = deferClosedSections([closed, open, chosen]);
    expect(out[0]).toEqual({ ...closed, groups: [], more: [], deferred: true });
    expect(out[1]).toEqual({ ...open, more: [], moreDeferred: true });
    expect(out[2]).toEqual({ ...chosen, more: [], moreDeferred: true });
  });

  it("keeps the part the shopper asked to see, open", () => {
    const closed = section("f-closed", false, false);
    const open = section("f-open", true, false);
    expect(deferClosedSections([closed, open], filterPartId("f-closed"))).toEqual([
      { ...closed, open: true, more: [], moreDeferred: true },
      { ...open, more: [], moreDeferred: true },
    ]);
    expect(deferClosedSections([closed, open], filterPartId("f-open", "more"))).toEqual([
      { ...closed, groups: [], more: [], deferred: true },
      { ...open, moreOpen: true },
    ]);
    // An id of no part leaves everything out as before.
    expect(deferClosedSections([closed], "f-nothing")).toEqual([{ ...closed, groups: [], more: [], deferred: true }]);
  });

  it("leaves out 'Any make except' while no make is excluded", () => {
    const make = (excluded: boolean): MakeSection => ({
      kind: "make",
      id: "f-make",
      label: "Make",
      open: true,
      groups: [{ label: null, options: [{ label: "Honda", value: "HONDA", count: 2 }] }],
      more: [],
      moreCount: 0,
      addAnother: null,
      except: [{ label: "Honda", value: "HONDA", count: 0, ...(excluded ? { selected: true as const } : {}) }],
    });
    expect(deferClosedSections([make(false)])[0]).toEqual({ ...make(false), except: [], exceptDeferred: true });
    expect(deferClosedSections([make(false)], "f-make-except")[0]).toEqual({ ...make(false), exceptOpen: true });
    expect(deferClosedSections([make(true)])[0]).toEqual(make(true));
  });
});

describe("keepShownChoices (ADR 032, choices kept as served)", () => {
  it("sets aside a document's shown choices, keeping each section's chosen count, and leaves left-out ones as they are", () => {
    const body: ChoiceSection = {
      kind: "checkbox",
      id: "f-body",
      label: "Body Style",
      open: true,
      name: "vehicleStyleCode",
      groups: [
        {
          label: null,
          options: [
            { label: "SUV", value: "SUVCROSS", count: 5, selected: true },
            { label: "Sedan", value: "SEDAN", count: 2 },
          ],
        },
      ],
      more: [],
      moreCount: 0,
    };
    const deferred: ChoiceSection = { ...body, id: "f-drive", name: "driveGroup", open: false, groups: [], deferred: true };
    const make: MakeSection = {
      kind: "make",
      id: "f-make",
      label: "Make",
      open: true,
      groups: [{ label: null, options: [{ label: "Honda", value: "HONDA", count: 2, selected: true }] }],
      more: [],
      moreCount: 0,
      addAnother: [{ label: "Toyota", value: "TOYOTA", count: 9 }],
      except: null,
    };
    const price: PriceSection = {
      kind: "price",
      id: "f-price",
      label: "Price",
      open: true,
      min: "",
      max: "",
      error: null,
      quick: [{ label: "Under $5,000", href: "/cars-for-sale?maxPrice=5000", count: 3, selected: false }],
    };
    const aside = new Map<string, unknown>();
    const before = structuredClone([body, deferred, make, price]);
    const out = keepShownChoices([body, deferred, make, price], (k, v) => aside.set(k, v));
    expect(out).toEqual([
      { ...body, groups: [], kept: true, chosen: 1 },
      deferred,
      { ...make, groups: [], addAnother: [], kept: true, chosen: 1 },
      { ...price, quick: [], kept: true },
    ]);
    expect(aside).toEqual(
      new Map<string, unknown>([
        [keptKey("f-body", "groups"), body.groups],
        [keptKey("f-make", "groups"), make.groups],
        [keptKey("f-make", "add"), make.addAnother],
        [keptKey("f-price", "quick"), price.quick],
      ]),
    );
    // The sections given are not changed (a later render from data still has them).
    expect([body, deferred, make, price]).toEqual(before);
    // A make section without 'Add Another Make' keeps null there.
    expect(keepShownChoices([{ ...make, addAnother: null }], () => {})[0]).toMatchObject({ addAnother: null, kept: true });

    // The document's data then drops what is empty: no groups, no more, no moreCount of 0.
    const lean = withoutEmptyChoices([...out, { ...body, id: "f-color", groups: [], more: [], moreCount: 12, moreDeferred: true }]);
    expect(lean).toEqual([
      { kind: "checkbox", id: "f-body", label: "Body Style", open: true, name: "vehicleStyleCode", kept: true, chosen: 1 },
      { kind: "checkbox", id: "f-drive", label: "Body Style", open: false, name: "driveGroup", deferred: true },
      { kind: "make", id: "f-make", label: "Make", open: true, addAnother: [], except: null, kept: true, chosen: 1 },
      { ...price, quick: [], kept: true },
      { kind: "checkbox", id: "f-color", label: "Body Style", open: true, name: "vehicleStyleCode", moreCount: 12, moreDeferred: true },
    ]);
    // A section with choices keeps them (and loses only its empty 'more' and count of 0).
    const { more: _more, moreCount: _count, ...bodyWithGroups } = body;
    expect(withoutEmptyChoices([body])).toEqual([bodyWithGroups]);
  });
});

describe("keepShownParts (ADR 032, choices kept as served)", () => {
  it("sets aside the model's price tables, the category tabs and the certified programs, leaving stand-ins", () => {
    const tabs = [{ id: "all", label: "All Results", href: "/cars-for-sale/all", selected: true }];
    const certified = { intro: "A certified car is a used car ...", programs: [] };
    const pricing = { byYear: [{ label: "2020", href: "/cars-for-sale/used/ford/f150?startYear=2020&endYear=2020", low: 1, high: 2, count: 3 }], byTrim: [] };
    const modelReference = { name: "Ford F-150", pricing };
    const page = { kind: "results", tabs, certified, extras: { modelReference } } as unknown as ResultsPageData;
    const before = structuredClone(page);
    const aside = new Map<string, unknown>();
    const out = keepShownParts(page, (k, v) => aside.set(k, v));
    expect(out).toEqual({
      kind: "results",
      tabs: [],
      tabsKept: true,
      certified: null,
      extras: { modelReference: { name: "Ford F-150", pricing: { byYear: [], byTrim: [], kept: true } } },
    });
    expect(aside).toEqual(
      new Map<string, unknown>([
        [MODEL_PRICING_KEY, pricing],
        [TABS_KEY, tabs],
        [CERTIFIED_KEY, certified],
      ]),
    );
    // The page given is not changed.
    expect(page).toEqual(before);
    // Tabs off (the flag) stay null, and nothing is set aside for them.
    const none = new Map<string, unknown>();
    expect(keepShownParts({ ...page, tabs: null, extras: null } as unknown as ResultsPageData, (k, v) => none.set(k, v)).tabs).toBeNull();
    expect([...none.keys()]).toEqual([CERTIFIED_KEY]);
  });
});

describe("showFilter, the view parameter (ADR 032)", () => {
  const split = (href: string) => {
    const out = splitShowFilter(new URL(href, "http://x"));
    return { rest: out.url.pathname + out.url.search, show: out.show };
  };

  it("is cut out of the query as written, the rest keeping its spelling", () => {
    expect(split("/cars-for-sale/used?keyword=a%20b&showFilter=f-body-style&sortBy=yearDESC")).toEqual({
      rest: "/cars-for-sale/used?keyword=a%20b&sortBy=yearDESC",
      show: "f-body-style",
    });
    expect(split("/cars-for-sale?showFilter=f-make-more")).toEqual({ rest: "/cars-for-sale", show: "f-make-more" });
    expect(split("/cars-for-sale?zip=30301")).toEqual({ rest: "/cars-for-sale?zip=30301", show: null });
  });

  it("ignores a value that is no filter part's id, and still takes it out", () => {
    expect(split("/cars-for-sale?showFilter=%3Cscript%3E&zip=30301")).toEqual({ rest: "/cars-for-sale?zip=30301", show: null });
    expect(split("/cars-for-sale?showFilter=%E0%A4%A&zip=30301")).toEqual({ rest: "/cars-for-sale?zip=30301", show: null });
    expect(split(`/cars-for-sale?showFilter=f-${"a".repeat(200)}`).show).toBeNull();
  });

  it("rides along a redirect, before the fragment", () => {
    expect(withShowFilter("/cars-for-sale/used/toyota", "f-body-style")).toBe("/cars-for-sale/used/toyota?showFilter=f-body-style");
    expect(withShowFilter("/cars-for-sale/used?zip=30301#x", "f-make-more")).toBe("/cars-for-sale/used?zip=30301&showFilter=f-make-more#x");
    expect(withShowFilter("/cars-for-sale/used", null)).toBe("/cars-for-sale/used");
    // The round trip gives back the canonical URL exactly (no redirect loop).
    expect(split(withShowFilter("/cars-for-sale/used?zip=30301&sortBy=yearDESC", "f-make-more"))).toEqual({
      rest: "/cars-for-sale/used?zip=30301&sortBy=yearDESC",
      show: "f-make-more",
    });
  });
});
