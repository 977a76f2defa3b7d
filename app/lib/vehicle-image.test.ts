import { describe, expect, it } from "vitest";
import { loader } from "../routes/vehicle-image.ts";
import { BODY_STYLE_NAMES } from "./body-styles.ts";
import { EXTERIOR_COLOR_NAMES } from "./colors.ts";
import {
  EXTERIOR_COLOR_HEX,
  VEHICLE_BODY_STYLE_NAMES,
  VEHICLE_IMAGE_VIEWS,
  parseVehicleImageFile,
  renderVehicleSvg,
  vehicleImagePath,
  vehicleImageTitle,
} from "./vehicle-image.ts";

const BODY_NAMES: Record<string, string> = BODY_STYLE_NAMES;
const COLOR_NAMES: Record<string, string> = EXTERIOR_COLOR_NAMES;
const BODIES = Object.keys(BODY_NAMES);
const COLORS = Object.keys(COLOR_NAMES);
const VIEWS = [0, 1, 2, 3];

/** Every rendered picture, rendered once. */
const ALL = BODIES.flatMap((bodyStyleCode) =>
  COLORS.flatMap((colorCode) => VIEWS.map((view) => ({ bodyStyleCode, colorCode, view, svg: renderVehicleSvg({ bodyStyleCode, colorCode, view }) }))),
);

/** Minimal XML well-formedness check: tags balance, attributes are quoted. */
function balanced(svg: string): boolean {
  const stack: string[] = [];
  const re = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let consumed = 0;
  for (let m = re.exec(svg); m; m = re.exec(svg)) {
    if (svg.slice(consumed, m.index).includes("<")) return false;
    consumed = m.index + m[0].length;
    const [, close, name, , self] = m;
    if (self) continue;
    if (close) {
      if (stack.pop() !== name) return false;
    } else stack.push(name as string);
  }
  return stack.length === 0 && !svg.slice(consumed).includes("<");
}

describe("vehicle image paths", () => {
  it("exports the colour table and four views", () => {
    expect(VEHICLE_IMAGE_VIEWS).toBe(4);
    expect(Object.keys(EXTERIOR_COLOR_HEX).sort()).toEqual([...COLORS].sort());
    expect(EXTERIOR_COLOR_HEX.RED).toBe("#b3202a");
    expect(EXTERIOR_COLOR_HEX.WHITE).toBe("#f4f5f2");
    for (const hex of Object.values(EXTERIOR_COLOR_HEX)) expect(hex).toMatch(/^#[0-9a-f]{6}$/);
    // The drawings know every body style of the catalogue, by the catalogue's names.
    expect(Object.keys(VEHICLE_BODY_STYLE_NAMES)).toEqual(["SEDAN", "SUVCROSS", "TRUCKS", "VANMV", "COUPE", "CONVERT", "HATCH", "WAGON", "COMMERCIAL"]);
    expect(VEHICLE_BODY_STYLE_NAMES.SUVCROSS).toBe("SUV / Crossover");
    expect(VEHICLE_BODY_STYLE_NAMES.VANMV).toBe("Van / Minivan");
    expect(COLORS).toHaveLength(13);
  });

  it("builds lower-case paths that parse back", () => {
    expect(vehicleImagePath("SUVCROSS", "RED", 0)).toBe("/images/vehicles/suvcross-red-0.svg");
    for (const b of BODIES)
      for (const c of COLORS)
        for (const v of VIEWS) {
          const path = vehicleImagePath(b, c, v);
          expect(path).toBe(`/images/vehicles/${b.toLowerCase()}-${c.toLowerCase()}-${v}.svg`);
          const file = path.split("/").pop() ?? "";
          expect(parseVehicleImageFile(file)).toEqual({ bodyStyleCode: b, colorCode: c, view: v });
        }
  });

  it("accepts any case and keeps URLs resolvable for unknown codes", () => {
    expect(vehicleImagePath("suvcross", "Red", 2)).toBe("/images/vehicles/suvcross-red-2.svg");
    expect(vehicleImagePath("LIMO", "RED", 1)).toBe("/images/vehicles/sedan-red-1.svg");
    expect(vehicleImagePath("SEDAN", "TEAL", 1)).toBe("/images/vehicles/sedan-silver-1.svg");
    expect(vehicleImagePath("SEDAN", "RED", 5)).toBe("/images/vehicles/sedan-red-1.svg");
  });

  it("rejects unknown or malformed file names", () => {
    for (const bad of [
      "",
      "limo-red-0.svg",
      "sedan-teal-0.svg",
      "sedan-red-4.svg",
      "sedan-red-9.svg",
      "sedan-red--1.svg",
      "sedan-red-00.svg",
      "sedan-red-0.png",
      "sedan-red-0.svg.gz",
      "SEDAN-RED-0.svg",
      "sedan-red.svg",
      "../sedan-red-0.svg",
      "sedan-red-0",
      "sedan_red_0.svg",
    ])
      expect(parseVehicleImageFile(bad), bad).toBeNull();
  });
});

describe("renderVehicleSvg", () => {
  it("renders every body style, colour and view as a small, self-contained SVG", () => {
    expect(ALL).toHaveLength(9 * 13 * 4);
    for (const { bodyStyleCode, colorCode, view, svg } of ALL) {
      const label = `${bodyStyleCode}-${colorCode}-${view}`;
      expect(svg.startsWith("<svg"), label).toBe(true);
      expect(svg.endsWith("</svg>"), label).toBe(true);
      expect(svg, label).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(svg, label).toContain('viewBox="0 0 800 600"');
      expect(svg, label).toContain('role="img"');
      const title = /<title>([^<]*)<\/title>/.exec(svg)?.[1] ?? "";
      expect(title, label).toContain(COLOR_NAMES[colorCode]);
      expect(title, label).toContain(BODY_NAMES[bodyStyleCode]);
      expect(title, label).toBe(vehicleImageTitle(bodyStyleCode, colorCode, view));
      expect(svg, label).not.toMatch(/NaN|undefined|Infinity|null/);
      expect(svg, label).not.toMatch(/<script|<text|<foreignObject|<image|url\((?!#)|href="(?!#)|on\w+=/i);
      expect(balanced(svg), label).toBe(true);
      expect(svg.length, label).toBeLessThan(10_000);
    }
  });

  it("keeps the pictures small on average", () => {
    const avg = ALL.reduce((n, x) => n + x.svg.length, 0) / ALL.length;
    expect(avg).toBeLessThan(7_000);
  });

  it("names the view in the title", () => {
    expect(vehicleImageTitle("SUVCROSS", "RED", 0)).toBe("Red SUV / Crossover, front three-quarter view");
    expect(vehicleImageTitle("TRUCKS", "BLUE", 1)).toBe("Blue Truck, side profile view");
    expect(vehicleImageTitle("VANMV", "WHITE", 2)).toBe("White Van / Minivan, rear three-quarter view");
    expect(vehicleImageTitle("COMMERCIAL", "GRAY", 3)).toBe("Gray Commercial, front view");
  });

  it("draws four distinct views, distinct body styles and distinct colours", () => {
    for (const b of BODIES)
      for (const c of ["RED", "WHITE", "BLACK"]) {
        const views = VIEWS.map((view) => renderVehicleSvg({ bodyStyleCode: b, colorCode: c, view }));
        expect(new Set(views).size).toBe(4);
        // The geometry differs between views, not only the title.
        expect(new Set(views.map((s) => s.replace(/<title>.*<\/title>/, ""))).size).toBe(4);
      }
    for (const view of VIEWS) {
      const bodies = BODIES.map((b) => renderVehicleSvg({ bodyStyleCode: b, colorCode: "RED", view }).replace(/<title>.*<\/title>/, ""));
      expect(new Set(bodies).size).toBe(BODIES.length);
    }
    const red = renderVehicleSvg({ bodyStyleCode: "SEDAN", colorCode: "RED", view: 0 });
    const blue = renderVehicleSvg({ bodyStyleCode: "SEDAN", colorCode: "BLUE", view: 0 });
    expect(red).not.toBe(blue);
  });

  it("is deterministic and falls back to a sedan for unknown body styles", () => {
    const a = renderVehicleSvg({ bodyStyleCode: "WAGON", colorCode: "GREEN", view: 2 });
    expect(renderVehicleSvg({ bodyStyleCode: "WAGON", colorCode: "GREEN", view: 2 })).toBe(a);
    expect(renderVehicleSvg({ bodyStyleCode: "wagon", colorCode: "green", view: 2 })).toBe(a);
    expect(renderVehicleSvg({ bodyStyleCode: "LIMO", colorCode: "RED", view: 1 })).toBe(
      renderVehicleSvg({ bodyStyleCode: "SEDAN", colorCode: "RED", view: 1 }),
    );
  });

  it("paints with the exterior colour", () => {
    const svg = renderVehicleSvg({ bodyStyleCode: "SEDAN", colorCode: "RED", view: 1 });
    const hexes = new Set(svg.match(/#[0-9a-f]{6}/g));
    // Panels use the base colour or tones derived from it: some red-dominant fill must be present.
    const reds = [...hexes].filter((h) => {
      const r = parseInt(h.slice(1, 3), 16);
      const g = parseInt(h.slice(3, 5), 16);
      const b = parseInt(h.slice(5, 7), 16);
      return r > g + 60 && r > b + 60;
    });
    expect(reds.length).toBeGreaterThan(3);
  });
});

describe("vehicle image route", () => {
  it("answers 404 for unknown files", async () => {
    for (const file of [undefined, "", "limo-red-0.svg", "sedan-red-7.svg", "sedan-red-0.png"]) {
      const res = await loader({ params: file === undefined ? {} : { file } });
      expect(res.status, String(file)).toBe(404);
      expect(await res.text()).toBe("Not found");
    }
  });

  it("serves the SVG with long-lived caching headers", async () => {
    const res = await loader({ params: { file: "suvcross-red-0.svg" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const body = await res.text();
    expect(body).toBe(renderVehicleSvg({ bodyStyleCode: "SUVCROSS", colorCode: "RED", view: 0 }));
    // Memoised: a second request answers the same document.
    const again = await loader({ params: { file: "suvcross-red-0.svg" } });
    expect(await again.text()).toBe(body);
  });
});
