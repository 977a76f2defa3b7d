// Generated vehicle pictures (no photos, no external hosts).
//
// Each picture is a small, self-contained SVG: a studio-style illustration of a
// body style in one exterior colour, seen from one of four views, on a soft
// gradient backdrop with a floor shadow. The vehicle is a light 3-D model
// (a side contour extruded across the width, with chamfered corners, a
// narrower glasshouse, wheels as discs) projected orthographically, so every
// view of one body style is consistent. Pure code: shared by server and browser.
import { EXTERIOR_COLOR_NAMES } from "./colors.ts";
import { EXTERIOR_COLOR_HEX, VEHICLE_BODY_STYLE_NAMES, VEHICLE_IMAGE_VIEWS, normBody, normColor, normView, vehicleImagePath } from "./vehicle-image-path.ts";

export { EXTERIOR_COLOR_HEX, VEHICLE_BODY_STYLE_NAMES, VEHICLE_IMAGE_VIEWS, vehicleImagePath };

export const VEHICLE_IMAGE_VIEW_NAMES: readonly string[] = ["front three-quarter view", "side profile view", "rear three-quarter view", "front view"];

/** Parses a file name such as "suvcross-red-0.svg" (strict: lower case, known codes, view 0..3). */
export function parseVehicleImageFile(file: string): { bodyStyleCode: string; colorCode: string; view: number } | null {
  if (typeof file !== "string") return null;
  const m = /^([a-z]+)-([a-z]+)-(\d)\.svg$/.exec(file);
  if (!m) return null;
  const bodyStyleCode = (m[1] ?? "").toUpperCase();
  const colorCode = (m[2] ?? "").toUpperCase();
  const view = Number(m[3]);
  if (!Object.hasOwn(VEHICLE_BODY_STYLE_NAMES, bodyStyleCode)) return null;
  if (!Object.hasOwn(EXTERIOR_COLOR_HEX, colorCode)) return null;
  if (!(view >= 0 && view < VEHICLE_IMAGE_VIEWS)) return null;
  return { bodyStyleCode, colorCode, view };
}

/** Accessible description, e.g. "Red SUV / Crossover, front three-quarter view". */
export function vehicleImageTitle(bodyStyleCode: string, colorCode: string, view: number): string {
  const body = VEHICLE_BODY_STYLE_NAMES[normBody(bodyStyleCode)] ?? "Sedan";
  const color = EXTERIOR_COLOR_NAMES[normColor(colorCode)] ?? "Silver";
  return `${color} ${body}, ${VEHICLE_IMAGE_VIEW_NAMES[normView(view)] ?? ""}`;
}

// ---------------------------------------------------------------------------
// Colour helpers

type RGB = [number, number, number];

function rgb(hex: string): RGB {
  const h = hex.replace("#", "");
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}
function hex(c: RGB): string {
  return (
    "#" +
    c
      .map((v) =>
        Math.max(0, Math.min(255, Math.round(v)))
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")
  );
}
function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return hex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}
function luma(c: string): number {
  const [r, g, b] = rgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

interface Paint {
  base: string;
  /** Tone for a surface whose light factor is t (-1 dark .. 1 bright). */
  tone: (t: number) => string;
  hi: string;
  lo: string;
  line: string;
}

function paint(base: string): Paint {
  const l = luma(base);
  const hi = mix(base, "#ffffff", l > 0.8 ? 0.7 : 0.42);
  const lo = mix(base, "#0b1016", l > 0.8 ? 0.42 : l < 0.2 ? 0.5 : 0.55);
  const tone = (t: number): string => {
    if (t >= 0.45) return mix(base, hi, Math.min(1, (t - 0.45) / 0.5));
    return mix(base, lo, Math.min(1, (0.45 - t) / 0.85));
  };
  return { base, hi, lo, tone, line: mix(base, "#000000", l > 0.8 ? 0.45 : 0.6) };
}

// ---------------------------------------------------------------------------
// Geometry. Model space: s = distance rearward from the front bumper, y =
// across (positive towards the camera's side), z = up from the ground, in
// decimetres.

type V2 = [number, number];
type V3 = [number, number, number];

interface Seg2 {
  c: V2[];
  e: V2;
}
interface Curve2 {
  s: V2;
  segs: Seg2[];
}
interface Seg3 {
  c: V3[];
  e: V3;
}
interface Curve3 {
  s: V3;
  segs: Seg3[];
}

const add2 = (a: V2, b: V2): V2 => [a[0] + b[0], a[1] + b[1]];
const sub2 = (a: V2, b: V2): V2 => [a[0] - b[0], a[1] - b[1]];
const mul2 = (a: V2, k: number): V2 => [a[0] * k, a[1] * k];
const len2 = (a: V2): number => Math.hypot(a[0], a[1]);
const lerp2 = (a: V2, b: V2, t: number): V2 => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const sub3 = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot3 = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross3 = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const norm3 = (a: V3): V3 => {
  const l = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};

/** Contour vertex: s, z, corner radius. */
type CV = [number, number, number];

interface Corner {
  a: V2;
  v: V2;
  b: V2;
  m: V2;
  round: boolean;
}

function corners(pts: CV[], closed: boolean): Corner[] {
  const n = pts.length;
  return pts.map((p, i) => {
    const v: V2 = [p[0], p[1]];
    const hasPrev = closed || i > 0;
    const hasNext = closed || i < n - 1;
    if (!hasPrev || !hasNext || p[2] <= 0) return { a: v, v, b: v, m: v, round: false };
    const pp = pts[(i - 1 + n) % n] as CV;
    const np = pts[(i + 1) % n] as CV;
    const dp = sub2([pp[0], pp[1]], v);
    const dn = sub2([np[0], np[1]], v);
    const r = Math.min(p[2], len2(dp) * 0.49, len2(dn) * 0.49);
    const a = add2(v, mul2(dp, r / (len2(dp) || 1)));
    const b = add2(v, mul2(dn, r / (len2(dn) || 1)));
    const m: V2 = [(a[0] + 2 * v[0] + b[0]) / 4, (a[1] + 2 * v[1] + b[1]) / 4];
    return { a, v, b, m, round: true };
  });
}

/** The part of a rounded contour between the middles of corners i and j (j = i + 1). */
function edgeCurve(cs: Corner[], i: number, j: number): Curve2 {
  const ci = cs[i] as Corner;
  const cj = cs[j] as Corner;
  const segs: Seg2[] = [];
  if (ci.round) segs.push({ c: [lerp2(ci.v, ci.b, 0.5)], e: ci.b });
  segs.push({ c: [], e: cj.a });
  if (cj.round) segs.push({ c: [lerp2(cj.a, cj.v, 0.5)], e: cj.m });
  return { s: ci.m, segs };
}

function joinCurves(cs: Curve2[]): Curve2 {
  const first = cs[0] as Curve2;
  return { s: first.s, segs: cs.flatMap((c) => c.segs) };
}

function closedRounded(pts: CV[]): Curve2 {
  const cs = corners(pts, true);
  const parts: Curve2[] = [];
  for (let i = 0; i < pts.length; i++) parts.push(edgeCurve(cs, i, (i + 1) % pts.length));
  return joinCurves(parts);
}

function map2(c: Curve2, f: (p: V2) => V3): Curve3 {
  return { s: f(c.s), segs: c.segs.map((g) => ({ c: g.c.map(f), e: f(g.e) })) };
}

function reverse3(c: Curve3): Curve3 {
  const pts: V3[] = [c.s, ...c.segs.map((g) => g.e)];
  const segs: Seg3[] = [];
  for (let i = c.segs.length - 1; i >= 0; i--) {
    const g = c.segs[i] as Seg3;
    segs.push({ c: [...g.c].reverse(), e: pts[i] as V3 });
  }
  return { s: c.segs.length ? (c.segs[c.segs.length - 1] as Seg3).e : c.s, segs };
}

/** Circle arc in the (s, z) plane as cubic segments, angles in radians (z up). */
function arc2(cx: number, cz: number, r: number, a0: number, a1: number): Seg2[] {
  const n = Math.max(1, Math.ceil(Math.abs(a1 - a0) / (Math.PI / 2)));
  const d = (a1 - a0) / n;
  const k = (4 / 3) * Math.tan(d / 4);
  const segs: Seg2[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = a0 + d * i;
    const t1 = t0 + d;
    const p0: V2 = [cx + r * Math.cos(t0), cz + r * Math.sin(t0)];
    const p1: V2 = [cx + r * Math.cos(t1), cz + r * Math.sin(t1)];
    segs.push({
      c: [
        [p0[0] - k * r * Math.sin(t0), p0[1] + k * r * Math.cos(t0)],
        [p1[0] + k * r * Math.sin(t1), p1[1] - k * r * Math.cos(t1)],
      ],
      e: p1,
    });
  }
  return segs;
}

// ---------------------------------------------------------------------------
// Camera (orthographic) and SVG output

interface Cam {
  r: V3;
  u: V3;
  c: V3;
  l: V3;
  /** Perspective: the point looked at and the camera's distance from it. */
  t: V3;
  D: number;
  k: number;
  ox: number;
  oy: number;
}

function makeCam(azDeg: number, elDeg: number): Cam {
  const az = (azDeg * Math.PI) / 180;
  const el = (elDeg * Math.PI) / 180;
  // World frame: x forward, y towards the camera's side, z up; model s = -x.
  const cw: V3 = [Math.cos(el) * Math.cos(az), Math.cos(el) * Math.sin(az), Math.sin(el)];
  const d: V3 = [-cw[0], -cw[1], -cw[2]];
  const rw = norm3([d[1], -d[0], 0]);
  const uw = cross3(rw, d);
  const toModel = (v: V3): V3 => [-v[0], v[1], v[2]];
  const c = toModel(cw);
  const r = toModel(rw);
  const u = toModel(uw);
  // Studio key light: above, slightly from the camera, from screen-left.
  const l = norm3([c[0] * 0.55 + -r[0] * 0.45, c[1] * 0.55 + -r[1] * 0.45, c[2] * 0.55 + -r[2] * 0.45 + 1]);
  return { r, u, c, l, t: [0, 0, 0], D: 1e6, k: 1, ox: 0, oy: 0 };
}

function px(cam: Cam, p: V3): V2 {
  const rel = sub3(p, cam.t);
  const f = (cam.D / (cam.D - dot3(rel, cam.c))) * cam.k;
  return [dot3(rel, cam.r) * f + cam.ox, -dot3(rel, cam.u) * f + cam.oy];
}

/** Whether a surface with outward normal n through the points faces the camera. */
function seen(cam: Cam, n: V3, pts: V3[], eps = 0.02): boolean {
  const c = centroid(pts);
  const eye: V3 = [cam.t[0] + cam.c[0] * cam.D, cam.t[1] + cam.c[1] * cam.D, cam.t[2] + cam.c[2] * cam.D];
  return dot3(n, norm3(sub3(eye, c))) > eps;
}

function fmt(n: number): string {
  const r = Math.round(n * 10) / 10;
  return String(Object.is(r, -0) ? 0 : r);
}

/** Path data in relative coordinates (rounded to 0.1 px without drift). */
function pathD(cam: Cam, c: Curve3, close = true, coarse = false): string {
  const sc = coarse ? 1 : 10;
  const q = (p: V3): V2 => {
    const [x, y] = px(cam, p);
    return [Math.round(x * sc), Math.round(y * sc)];
  };
  const num = (n: number): string => {
    const v = String(n / sc).replace(/^(-?)0\./, "$1.");
    return v === "-0" ? "0" : v;
  };
  let cur = q(c.s);
  let d = `M${num(cur[0])} ${num(cur[1])}`;
  let last = "";
  const pair = (p: V2): string => {
    const a = num(p[0] - cur[0]);
    const b = num(p[1] - cur[1]);
    return a + (b.startsWith("-") ? "" : " ") + b;
  };
  const join = (parts: string[]): string =>
    parts.reduce((acc, x) => (acc === "" ? x : acc + (x.startsWith("-") || (x.startsWith(".") && /\.\d*$/.test(acc)) ? "" : " ") + x), "");
  for (const g of c.segs) {
    const cmd = g.c.length === 0 ? "l" : g.c.length === 1 ? "q" : "c";
    const pts = [...g.c, g.e].map(q);
    const e = pts[pts.length - 1] as V2;
    if (cmd === "l" && e[0] === cur[0] && e[1] === cur[1]) continue;
    const body = join(pts.map(pair));
    const sep = cmd === last ? (body.startsWith("-") || (body.startsWith(".") && /\.\d*$/.test(d)) ? "" : " ") : cmd;
    d += sep + body;
    last = cmd;
    cur = e;
  }
  return close ? d + "z" : d;
}

function polyD(cam: Cam, pts: V3[], coarse = true): string {
  if (pts.length === 0) return "";
  const first = pts[0] as V3;
  return pathD(cam, { s: first, segs: pts.slice(1).map((e) => ({ c: [], e })) }, true, coarse);
}

function ribbon(a: Curve3, b: Curve3): Curve3 {
  const rb = reverse3(b);
  return { s: a.s, segs: [...a.segs, { c: [], e: rb.s }, ...rb.segs] };
}

function curvePoints(c: Curve3): V3[] {
  return [c.s, ...c.segs.map((g) => g.e)];
}

function centroid(pts: V3[]): V3 {
  const s: V3 = [0, 0, 0];
  for (const p of pts) {
    s[0] += p[0];
    s[1] += p[1];
    s[2] += p[2];
  }
  return [s[0] / pts.length, s[1] / pts.length, s[2] / pts.length];
}

/** Projected signed area (screen units) of a polygon. */
function area(cam: Cam, pts: V3[]): number {
  let a = 0;
  const q = pts.map((p) => px(cam, p));
  for (let i = 0; i < q.length; i++) {
    const p0 = q[i] as V2;
    const p1 = q[(i + 1) % q.length] as V2;
    a += p0[0] * p1[1] - p1[0] * p0[1];
  }
  return a / 2;
}

// ---------------------------------------------------------------------------
// Body styles

interface Spec {
  /** Length, half width, plan-view corner chamfer. */
  L: number;
  w: number;
  ch: number;
  /** Wheel radius, tyre width, axle positions (s), sill height, wheel-arch clearance. */
  r: number;
  tw: number;
  ax: [number, number];
  sill: number;
  gap: number;
  /** Lower body contour from the front bottom, over the top, to the rear bottom. */
  lo: CV[];
  /** How many leading / trailing vertices are front / rear faces (chamfered at the corners). */
  nF: number;
  nR: number;
  /** Index of the cowl (windshield base) and of the rear end of the belt in `lo`. */
  cowl: number;
  beltEnd: number;
  /** Glasshouse contour: cowl, ..., rear base; closed along the belt. */
  gh: CV[];
  /** Glasshouse half-width reduction at the belt and at the roof. */
  ghIn: [number, number];
  /** Window insets: A pillar, roof, rear pillar, sill. */
  ins: [number, number, number, number];
  /** Pillars between side windows: [s at belt, s at roof, width]. */
  pil: [number, number, number][];
  /** Side windows only in front of s and below z (cargo van cab). */
  dlo?: [number, number];
  /** Door shut lines as polylines in (s, z) and handle positions. */
  doors: V2[][];
  handles: V2[];
  /** Headlight polygon: [inset from the front face's side edge, z]. */
  hl: V2[];
  /** Grille half polygon: [y from the centre line, z]. */
  gr: V2[];
  /** Lower intake half polygon [y, z]. */
  intake: V2[];
  /** Tail light polygon: [inset from the rear face's side edge, z]. */
  tl: V2[];
  /** Optional features. */
  clad?: boolean;
  rails?: boolean;
  bed?: { s0: number; s1: number; floor: number };
  open?: { s0: number; s1: number; seat: number };
  cargo?: boolean;
  slide?: [number, number, number];
  rim?: "alloy" | "steel";
}

/** Compact spec constructor: vertex lists are given as flat [s, z, radius] triples. */
function cv(...n: number[]): CV[] {
  const out: CV[] = [];
  for (let i = 0; i + 2 < n.length; i += 3) out.push([n[i] as number, n[i + 1] as number, n[i + 2] as number]);
  return out;
}

const SEDAN: Spec = {
  L: 48,
  w: 9.1,
  ch: 1.5,
  r: 3.45,
  tw: 2.3,
  ax: [9.5, 37.8],
  sill: 2.3,
  gap: 0.45,
  lo: cv(0.7, 2.6, 0, 0, 5.0, 1.5, 0.6, 7.3, 1.2, 15, 9.6, 1.5, 40.3, 10.4, 0.8, 46.5, 10.5, 1.6, 48, 7.8, 1.8, 47.4, 2.9, 0),
  nF: 3,
  nR: 3,
  cowl: 3,
  beltEnd: 4,
  gh: cv(15, 9.6, 0.3, 23.5, 14.5, 4.5, 32.5, 14.3, 6, 40.3, 10.4, 0.5),
  ghIn: [0.7, 2.6],
  ins: [1.1, 0.7, 1.9, 0.35],
  pil: [[27.2, 26.6, 1.0]],
  doors: [
    [
      [15.6, 9.7],
      [15.2, 2.4],
    ],
    [
      [27.3, 9.95],
      [27.3, 2.4],
    ],
    [
      [37.2, 10.3],
      [36.3, 7.0],
      [34.2, 5.6],
    ],
  ],
  handles: [
    [24.6, 8.7],
    [35.0, 8.9],
  ],
  hl: [
    [0.2, 7.1],
    [4.3, 6.8],
    [3.8, 6.15],
    [0.2, 6.2],
  ],
  gr: [
    [0, 6.7],
    [3.4, 6.6],
    [3.0, 5.0],
    [0, 4.8],
  ],
  intake: [
    [0, 4.1],
    [5.0, 4.1],
    [5.4, 3.0],
    [0, 2.9],
  ],
  tl: [
    [0.1, 10.1],
    [3.6, 10.1],
    [3.3, 9.2],
    [0.1, 8.9],
  ],
};

const COUPE: Spec = {
  ...SEDAN,
  L: 46,
  w: 9.2,
  r: 3.5,
  ax: [9.4, 36.4],
  sill: 2.1,
  lo: cv(0.7, 2.4, 0, 0, 4.6, 1.4, 0.7, 6.8, 1.2, 16, 9.0, 1.5, 39.5, 9.9, 0.8, 44.8, 10.0, 1.4, 46, 7.5, 1.6, 45.4, 2.7, 0),
  gh: cv(16, 9.0, 0.3, 24.5, 13.2, 2.2, 29.5, 13.5, 2.4, 34.5, 12.3, 2.2, 40, 9.9, 0.3),
  ghIn: [0.8, 2.9],
  ins: [1.0, 0.6, 1.6, 0.35],
  pil: [[32.6, 31.2, 0.6]],
  doors: [
    [
      [16.6, 9.1],
      [16.3, 2.2],
    ],
    [
      [31.6, 9.5],
      [31.9, 5.0],
      [31.9, 2.2],
    ],
  ],
  handles: [[29.6, 8.5]],
  hl: [
    [0.2, 6.7],
    [4.8, 6.3],
    [4.2, 5.8],
    [0.2, 5.95],
  ],
  gr: [
    [0, 6.1],
    [3.0, 6.0],
    [2.7, 4.8],
    [0, 4.7],
  ],
  intake: [
    [0, 4.0],
    [5.6, 4.1],
    [6.0, 2.8],
    [0, 2.7],
  ],
  tl: [
    [0.1, 9.65],
    [4.2, 9.6],
    [3.8, 9.0],
    [0.1, 8.8],
  ],
};

const CONVERT: Spec = {
  ...COUPE,
  L: 45.5,
  lo: cv(0.7, 2.4, 0, 0, 4.6, 1.4, 0.7, 6.8, 1.2, 16, 9.0, 1.5, 40.5, 9.8, 0.8, 44.4, 9.9, 1.4, 45.5, 7.5, 1.6, 44.9, 2.7, 0),
  gh: cv(16, 9.0, 0.2, 22.0, 13.1, 0.6, 22.9, 13.0, 0.6, 17.7, 9.05, 0.2),
  ghIn: [0.9, 1.7],
  pil: [],
  open: { s0: 18.6, s1: 33.5, seat: 27.4 },
  doors: [
    [
      [16.6, 9.1],
      [16.3, 2.2],
    ],
    [
      [30.8, 9.4],
      [31.4, 5.0],
      [31.4, 2.2],
    ],
  ],
  handles: [[28.6, 8.5]],
};

const HATCH: Spec = {
  ...SEDAN,
  L: 41.5,
  w: 8.8,
  ch: 1.4,
  r: 3.3,
  ax: [8.7, 34.0],
  sill: 2.3,
  lo: cv(0.7, 2.6, 0, 0, 5.0, 1.4, 0.6, 7.4, 1.2, 13.5, 9.6, 1.4, 40.2, 10.4, 0.8, 41.5, 7.6, 1.4, 41.1, 2.9, 0),
  nR: 2,
  gh: cv(13.5, 9.6, 0.3, 21.0, 14.6, 4, 37.2, 14.3, 2.5, 39.8, 10.4, 0.5),
  ghIn: [0.7, 2.3],
  ins: [1.0, 0.7, 1.5, 0.35],
  pil: [
    [24.0, 23.6, 0.9],
    [32.6, 33.4, 0.8],
  ],
  doors: [
    [
      [14.1, 9.7],
      [13.5, 2.4],
    ],
    [
      [24.1, 9.95],
      [24.1, 2.4],
    ],
    [
      [32.4, 10.2],
      [31.9, 7.0],
      [30.7, 5.9],
    ],
  ],
  handles: [
    [21.6, 8.8],
    [30.4, 9.0],
  ],
  hl: [
    [0.2, 7.2],
    [4.0, 6.9],
    [3.5, 6.2],
    [0.2, 6.3],
  ],
  tl: [
    [0.1, 10.0],
    [2.9, 10.0],
    [2.6, 8.6],
    [0.1, 8.3],
  ],
};

const WAGON: Spec = {
  ...SEDAN,
  L: 48.5,
  ax: [9.5, 37.9],
  lo: cv(0.7, 2.6, 0, 0, 5.0, 1.5, 0.6, 7.3, 1.2, 15, 9.6, 1.5, 47.0, 10.5, 0.8, 48.5, 7.8, 1.6, 48.0, 2.9, 0),
  nR: 2,
  gh: cv(15, 9.6, 0.3, 23.5, 14.5, 4.5, 45.6, 14.2, 2.5, 46.7, 10.5, 0.5),
  ins: [1.1, 0.7, 1.5, 0.35],
  pil: [
    [27.2, 26.6, 1.0],
    [37.8, 38.6, 1.3],
  ],
  rails: true,
  tl: [
    [0.1, 10.2],
    [3.0, 10.2],
    [2.8, 8.7],
    [0.1, 8.4],
  ],
};

const SUVCROSS: Spec = {
  L: 47.5,
  w: 9.4,
  ch: 1.6,
  r: 3.9,
  tw: 2.6,
  ax: [9.7, 37.4],
  sill: 3.6,
  gap: 0.55,
  lo: cv(0.8, 4.0, 0, 0, 6.6, 1.5, 0.7, 9.8, 1.3, 14.2, 11.6, 1.5, 46.2, 12.2, 0.8, 47.5, 9.4, 1.6, 47.0, 4.2, 0),
  nF: 3,
  nR: 2,
  cowl: 3,
  beltEnd: 4,
  gh: cv(14.2, 11.6, 0.3, 22.5, 17.0, 4, 44.8, 16.8, 2.6, 45.9, 12.2, 0.5),
  ghIn: [0.8, 2.6],
  ins: [1.2, 0.7, 1.8, 0.4],
  pil: [
    [26.8, 26.4, 1.1],
    [37.2, 38.0, 1.2],
  ],
  doors: [
    [
      [14.8, 11.7],
      [14.4, 3.8],
    ],
    [
      [27.0, 12.0],
      [27.0, 3.8],
    ],
    [
      [36.4, 12.2],
      [35.6, 9.0],
      [33.3, 7.6],
    ],
  ],
  handles: [
    [24.5, 10.9],
    [34.0, 11.1],
  ],
  hl: [
    [0.2, 9.6],
    [4.2, 9.4],
    [3.8, 8.5],
    [0.2, 8.6],
  ],
  gr: [
    [0, 9.2],
    [3.6, 9.1],
    [3.2, 6.6],
    [0, 6.4],
  ],
  intake: [
    [0, 5.8],
    [5.0, 5.8],
    [5.2, 4.4],
    [0, 4.3],
  ],
  tl: [
    [0.1, 11.8],
    [3.0, 11.8],
    [2.8, 10.5],
    [0.1, 10.2],
  ],
  clad: true,
  rails: true,
};

const TRUCKS: Spec = {
  L: 58,
  w: 10,
  ch: 1.3,
  r: 4.1,
  tw: 2.8,
  ax: [10.5, 44.5],
  sill: 3.8,
  gap: 0.6,
  lo: cv(0.5, 3.8, 0, 0, 7.0, 0.8, 0.4, 11.2, 0.8, 14.0, 12.4, 1.2, 57.4, 12.4, 0.5, 58, 10.5, 0.6, 57.8, 4.0, 0),
  nF: 3,
  nR: 2,
  cowl: 3,
  beltEnd: 4,
  gh: cv(14.0, 12.4, 0.3, 21.0, 18.8, 2.2, 32.5, 18.9, 1.6, 33.2, 12.4, 0.3),
  ghIn: [0.9, 2.2],
  ins: [1.2, 0.7, 1.1, 0.4],
  pil: [[24.3, 24.0, 1.1]],
  bed: { s0: 33.8, s1: 57.4, floor: 7.5 },
  doors: [
    [
      [14.6, 12.5],
      [14.2, 9.5],
      [15.3, 6.0],
      [15.3, 3.9],
    ],
    [
      [24.4, 12.5],
      [24.4, 3.9],
    ],
    [
      [32.8, 12.5],
      [32.8, 3.9],
    ],
    [
      [33.5, 12.4],
      [33.5, 3.9],
    ],
  ],
  handles: [
    [22.0, 11.3],
    [31.0, 11.3],
  ],
  hl: [
    [0.3, 10.8],
    [3.4, 10.8],
    [3.4, 9.2],
    [0.3, 9.2],
  ],
  gr: [
    [0, 10.8],
    [5.2, 10.8],
    [5.2, 7.6],
    [0, 7.6],
  ],
  intake: [
    [0, 6.6],
    [8.3, 6.6],
    [8.3, 4.0],
    [0, 4.0],
  ],
  tl: [
    [0.1, 11.8],
    [1.3, 11.8],
    [1.3, 8.6],
    [0.1, 8.6],
  ],
  clad: true,
};

const VANMV: Spec = {
  L: 51,
  w: 9.7,
  ch: 1.6,
  r: 3.5,
  tw: 2.4,
  ax: [9.8, 40.4],
  sill: 2.6,
  gap: 0.5,
  lo: cv(0.6, 2.8, 0, 0, 5.4, 1.5, 0.8, 8.4, 1.5, 9.5, 10.2, 1.5, 49.6, 11.2, 0.8, 51, 8.4, 1.5, 50.6, 3.0, 0),
  nF: 3,
  nR: 2,
  cowl: 3,
  beltEnd: 4,
  gh: cv(9.5, 10.2, 0.3, 18.5, 17.3, 5, 48.4, 16.9, 3, 49.4, 11.2, 0.5),
  ghIn: [0.7, 2.1],
  ins: [1.1, 0.7, 1.4, 0.4],
  pil: [
    [19.8, 20.8, 1.0],
    [34.6, 35.2, 1.2],
  ],
  doors: [
    [
      [10.2, 10.3],
      [10.0, 8.0],
      [14.0, 5.0],
      [14.0, 2.8],
    ],
    [
      [20.3, 10.5],
      [20.3, 2.7],
    ],
    [
      [34.9, 10.9],
      [34.9, 2.7],
    ],
  ],
  slide: [35.2, 48.8, -0.45],
  handles: [
    [17.8, 9.8],
    [22.6, 9.9],
  ],
  hl: [
    [0.2, 8.3],
    [4.4, 8.0],
    [3.9, 7.2],
    [0.2, 7.3],
  ],
  gr: [
    [0, 7.6],
    [3.5, 7.5],
    [3.2, 5.8],
    [0, 5.6],
  ],
  intake: [
    [0, 4.8],
    [5.4, 4.8],
    [5.6, 3.3],
    [0, 3.2],
  ],
  tl: [
    [0.1, 11.0],
    [2.4, 11.0],
    [2.4, 8.8],
    [0.1, 8.6],
  ],
};

const COMMERCIAL: Spec = {
  L: 57,
  w: 9.9,
  ch: 1.2,
  r: 3.5,
  tw: 2.4,
  ax: [9.8, 45.0],
  sill: 3.1,
  gap: 0.55,
  lo: cv(0.6, 3.2, 0, 0, 6.0, 1.2, 0.9, 10.2, 1.6, 7.8, 12.4, 1.5, 56.2, 12.4, 0.5, 57, 10.5, 0.6, 56.8, 3.4, 0),
  nF: 3,
  nR: 2,
  cowl: 3,
  beltEnd: 4,
  gh: cv(7.8, 12.4, 0.3, 14.5, 23.0, 3, 55.8, 24.0, 1.5, 56.6, 12.4, 0.3),
  ghIn: [0.15, 0.9],
  ins: [1.2, 0.8, 1.0, 0.4],
  pil: [],
  dlo: [16.6, 19.6],
  cargo: true,
  doors: [
    [
      [8.4, 12.5],
      [8.3, 9.0],
      [14.0, 5.6],
      [14.0, 3.2],
    ],
    [
      [17.2, 3.2],
      [17.2, 20.4],
    ],
    [
      [19.0, 3.2],
      [19.0, 21.6],
      [31.6, 21.6],
      [31.6, 3.2],
    ],
  ],
  slide: [31.6, 55.6, 0.8],
  handles: [
    [15.8, 11.6],
    [20.7, 11.8],
  ],
  hl: [
    [0.2, 10.1],
    [3.8, 9.8],
    [3.6, 8.6],
    [0.2, 8.6],
  ],
  gr: [
    [0, 9.9],
    [4.2, 9.8],
    [4.0, 7.0],
    [0, 6.8],
  ],
  intake: [
    [0, 5.8],
    [8.2, 5.8],
    [8.4, 3.6],
    [0, 3.5],
  ],
  tl: [
    [0.1, 11.0],
    [1.4, 11.0],
    [1.4, 7.0],
    [0.1, 7.0],
  ],
  clad: true,
  rim: "steel",
};

const SPECS: Record<string, Spec> = { SEDAN, COUPE, CONVERT, HATCH, WAGON, SUVCROSS, TRUCKS, VANMV, COMMERCIAL };

// ---------------------------------------------------------------------------
// Rendering

interface Ctx {
  sp: Spec;
  cam: Cam;
  p: Paint;
  out: string[];
  defs: string[];
}

/** Interpolated s of a face (front or rear) at height z, from its contour vertices. */
function faceS(verts: CV[], z: number): number {
  const pts = [...verts].sort((a, b) => a[1] - b[1]);
  const first = pts[0] as CV;
  const last = pts[pts.length - 1] as CV;
  if (z <= first[1]) return first[0];
  if (z >= last[1]) return last[0];
  for (let i = 0; i < pts.length - 1; i++) {
    const a = pts[i] as CV;
    const b = pts[i + 1] as CV;
    if (z >= a[1] && z <= b[1]) return a[0] + ((b[0] - a[0]) * (z - a[1])) / (b[1] - a[1] || 1);
  }
  return last[0];
}

export function renderVehicleSvg(opts: { bodyStyleCode: string; colorCode: string; view: number }): string {
  const body = normBody(opts.bodyStyleCode);
  const color = normColor(opts.colorCode);
  const view = normView(opts.view);
  const sp = SPECS[body] ?? SEDAN;
  const base = EXTERIOR_COLOR_HEX[color] ?? "#c3c7cc";
  const title = vehicleImageTitle(body, color, view);
  const [az, elv] = (
    [
      [38, 13],
      [90, 1.5],
      [142, 13],
      [0, 7],
    ] as [number, number][]
  )[view] as [number, number];
  const cam = makeCam(az, elv);
  cam.t = [sp.L / 2, 0, 6];
  cam.D = sp.L * (view === 1 ? 3.2 : 2.6);
  const ctx: Ctx = { sp, cam, p: paint(base), out: [], defs: [] };
  fit(ctx, view);
  draw(ctx);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" role="img">` +
    `<title>${title}</title><defs>${ctx.defs.join("")}</defs>${ctx.out.join("")}</svg>`
  );
}

function ghY(sp: Spec, z: number): number {
  const zb = (sp.lo[sp.cowl] as CV)[1];
  const zt = Math.max(...sp.gh.map((p) => p[1]));
  const t = Math.max(0, Math.min(1, (z - zb) / (zt - zb || 1)));
  return sp.w - sp.ghIn[0] - (sp.ghIn[1] - sp.ghIn[0]) * t;
}

function fit(ctx: Ctx, view: number): void {
  const { sp, cam } = ctx;
  const pts: V3[] = [];
  for (const y of [-sp.w - 1, sp.w + 1]) {
    for (const v of sp.lo) pts.push([v[0], y, v[1]]);
    for (const v of sp.gh) pts.push([v[0], y * 0.85, v[1]]);
    pts.push([0, y, 0], [sp.L, y, 0]);
  }
  const q = pts.map((p) => px(cam, p));
  const xs = q.map((p) => p[0]);
  const ys = q.map((p) => p[1]);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const y0 = Math.min(...ys);
  const y1 = Math.max(...ys);
  const [bw, bh] = view === 3 ? [440, 330] : view === 1 ? [690, 330] : [640, 380];
  const k = Math.min(bw / (x1 - x0), bh / (y1 - y0));
  cam.k = k;
  cam.ox = 400 - ((x0 + x1) / 2) * k;
  cam.oy = (view === 1 ? 470 : 490) - y1 * k;
}

function beltZ(sp: Spec, s: number): number {
  const a = sp.lo[sp.cowl] as CV;
  const b = sp.lo[sp.beltEnd] as CV;
  const t = Math.max(0, Math.min(1, (s - a[0]) / (b[0] - a[0] || 1)));
  return a[1] + (b[1] - a[1]) * t;
}

function path(ctx: Ctx, d: string, attrs: string): void {
  if (d) ctx.out.push(`<path d="${d}" ${attrs}/>`);
}

function draw(ctx: Ctx): void {
  const { sp, cam, p, out, defs } = ctx;
  const showSide = cam.c[1] > 0.05;
  const center: V3 = [sp.L / 2, 0, 5];
  const lit = (n: V3): number => dot3(n, cam.l);

  // Backdrop and floor shadow.
  defs.push(
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7f8fa"/><stop ` +
      `offset=".6" stop-color="#e6eaee"/><stop offset="1" stop-color="#d3d9e0"/></linearGradient>`,
    `<filter id="sh" filterUnits="userSpaceOnUse"><feGaussianBlur stdDeviation="10"/></filter>`,
    `<filter id="sc" filterUnits="userSpaceOnUse"><feGaussianBlur stdDeviation="3"/></filter>`,
  );
  out.push(`<rect width="800" height="600" fill="url(#bg)"/>`);
  const foot: V3[] = [
    [-0.8, -sp.w - 0.7, 0],
    [sp.L + 0.8, -sp.w - 0.7, 0],
    [sp.L + 0.8, sp.w + 0.7, 0],
    [-0.8, sp.w + 0.7, 0],
  ];
  path(ctx, polyD(cam, foot), `fill="#1c2530" opacity=".3" filter="url(#sh)"`);
  let cs = "";
  for (const s of sp.ax)
    for (const y of [-1, 1]) {
      const y0 = y * (sp.w - 0.35 - sp.tw / 2);
      const h = sp.tw / 2 + 0.2;
      cs += polyD(cam, [
        [s - sp.r * 0.75, y0 - h, 0],
        [s + sp.r * 0.75, y0 - h, 0],
        [s + sp.r * 0.75, y0 + h, 0],
        [s - sp.r * 0.75, y0 + h, 0],
      ]);
    }
  path(ctx, cs, `fill="#0b0f14" opacity=".6" filter="url(#sc)"`);

  // Wheels: far side first, then near wells and wheels (the body covers them).
  wheelDefs(ctx);
  for (const s of sp.ax) wheel(ctx, s, -1);
  const arches = sp.ax.map((s) => archSegs(sp, s));
  if (showSide) {
    let d = "";
    for (const a of arches)
      d += pathD(
        cam,
        map2({ s: a.s, segs: a.segs }, ([s, z]) => [s, sp.w, z]),
      );
    path(ctx, d, `fill="#111317"`);
  }
  for (const s of sp.ax) wheel(ctx, s, 1);
  mirror(ctx, -1);

  // Lower body: ribbons around the contour (centre and two chamfers), depth sorted.
  const lo = sp.lo;
  const n = lo.length;
  const shifted = (i: number): boolean => i < sp.nF || i >= n - sp.nR;
  const mid = corners(lo, false);
  const side = corners(
    lo.map((v, i): CV => (i < sp.nF ? [v[0] + sp.ch, v[1], v[2]] : i >= n - sp.nR ? [v[0] - sp.ch, v[1], v[2]] : v)),
    false,
  );
  const wm = sp.w - sp.ch;
  const faces: { d: number; svg: string }[] = [];
  const addFace = (c: Curve3): void => {
    const pts = curvePoints(c);
    const nrm = faceNormal(pts, center);
    if (!seen(cam, nrm, pts)) return;
    if (Math.abs(area(cam, pts)) < 2) return;
    const fill = p.tone(lit(nrm));
    faces.push({ d: -dot3(centroid(pts), cam.c), svg: `<path d="${pathD(cam, c, true, true)}" fill="${fill}" stroke="${fill}"/>` });
  };
  for (let i = 0; i < n - 1; i++) {
    const cside = edgeCurve(side, i, i + 1);
    const an = map2(cside, ([s, z]) => [s, sp.w, z]);
    const bn = map2(cside, ([s, z]) => [s, -sp.w, z]);
    if (!shifted(i) && !shifted(i + 1)) {
      addFace(ribbon(an, bn));
      continue;
    }
    const cm = edgeCurve(mid, i, i + 1);
    const a = map2(cm, ([s, z]) => [s, wm, z]);
    const b = map2(cm, ([s, z]) => [s, -wm, z]);
    addFace(ribbon(a, b));
    addFace(ribbon(an, a));
    addFace(ribbon(b, bn));
  }
  faces.sort((x, y) => y.d - x.d);
  out.push(`<g stroke-width=".6">${faces.map((f) => f.svg).join("")}</g>`);

  fascia(ctx, true);
  fascia(ctx, false);

  // Near side panel with its reflection line.
  if (showSide) {
    const parts: Curve2[] = [];
    for (let i = 0; i < n - 1; i++) parts.push(edgeCurve(side, i, i + 1));
    const top = joinCurves(parts);
    const [af, ar] = arches as [Curve2, Curve2];
    const outline: Curve2 = {
      s: top.s,
      segs: [...top.segs, { c: [], e: ar.s }, ...ar.segs, { c: [], e: af.s }, ...af.segs, { c: [], e: top.s }],
    };
    const t = lit([0, 1, 0]);
    const baseTone = p.tone(t);
    const zTop = Math.max(...lo.map((v) => v[1]));
    const g0 = px(cam, [sp.L / 2, sp.w, zTop]);
    const g1 = px(cam, [sp.L / 2, sp.w, sp.sill]);
    const hiT = p.tone(t + 0.55);
    defs.push(
      `<linearGradient id="sd" gradientUnits="userSpaceOnUse" x1="${fmt(g0[0])}" y1="${fmt(g0[1])}" x2="${fmt(g1[0])}" y2="${fmt(g1[1])}">` +
        `<stop offset="0" stop-color="${mix(baseTone, hiT, 0.5)}"/><stop offset=".1" ` +
        `stop-color="${hiT}"/><stop offset=".34" stop-color="${mix(baseTone, hiT, 0.3)}"/>` +
        `<stop offset=".35" stop-color="${baseTone}"/><stop offset=".8" ` +
        `stop-color="${p.tone(t - 0.3)}"/><stop offset="1" stop-color="${p.tone(t - 0.6)}"/></linearGradient>`,
    );
    path(
      ctx,
      pathD(
        cam,
        map2(outline, ([s, z]) => [s, sp.w, z]),
        true,
        true,
      ),
      `fill="url(#sd)" stroke="${p.line}" stroke-width=".8" stroke-opacity=".45"`,
    );
    sideDetails(ctx, arches);
  }

  if (sp.bed) bed(ctx);
  // Seen from behind, an open car's seats stand in front of its windscreen.
  const seatsFirst = !(sp.open && cam.c[0] > 0.05);
  if (seatsFirst && sp.open) cockpit(ctx);
  glasshouse(ctx);
  if (!seatsFirst) cockpit(ctx);
  mirror(ctx, 1);
}

/** Wheel arch curve over the wheel at s, from its rear foot to its front foot. */
function archSegs(sp: Spec, s: number): Curve2 {
  const R = sp.r + sp.gap;
  const dz = sp.sill - sp.r;
  const a = Math.asin(Math.max(-1, Math.min(1, dz / R)));
  return { s: [s + R * Math.cos(a), sp.r + R * Math.sin(a)], segs: arc2(s, sp.r, R, a, Math.PI - a) };
}

function faceNormal(pts: V3[], center: V3): V3 {
  // Newell's method, oriented away from the body's centre.
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i] as V3;
    const b = pts[(i + 1) % pts.length] as V3;
    nx += (a[1] - b[1]) * (a[2] + b[2]);
    ny += (a[2] - b[2]) * (a[0] + b[0]);
    nz += (a[0] - b[0]) * (a[1] + b[1]);
  }
  let nrm = norm3([nx, ny, nz]);
  if (dot3(nrm, sub3(centroid(pts), center)) < 0) nrm = [-nrm[0], -nrm[1], -nrm[2]];
  return nrm;
}

function fmt2(n: number): string {
  const r = Math.round(n * 100) / 100;
  return String(Object.is(r, -0) ? 0 : r).replace(/^(-?)0\./, "$1.");
}

const SPOKES = (() => {
  // Openings between the five double spokes of an alloy wheel, unit radius.
  let d = "";
  const pt = (r: number, t: number): string => `${fmt2(r * Math.cos(t))} ${fmt2(r * Math.sin(t))}`;
  for (let i = 0; i < 5; i++) {
    const a = (i * 2 * Math.PI) / 5 - Math.PI / 2 + Math.PI / 5;
    d += `M${pt(0.24, a - 0.22)}L${pt(0.58, a - 0.45)}A.58 .58 0 0 1 ${pt(0.58, a + 0.45)}L${pt(0.24, a + 0.22)}Z`;
  }
  return d;
})();

function wheelDefs(ctx: Ctx): void {
  const steel = ctx.sp.rim === "steel";
  ctx.defs.push(
    `<radialGradient id="rg" cx=".35" cy=".3" r=".8"><stop offset="0" stop-color="${steel ? "#c4c9ce" : "#f3f5f7"}"/><stop ` +
      `offset="1" stop-color="${steel ? "#6d737a" : "#8e969f"}"/></radialGradient>`,
    `<g id="wh"><circle r=".97" fill="#2a2c30"/><circle r=".92" fill="#1b1d20"/><circle r=".68" fill="#3a3e44"/><circle r=".65" fill="url(#rg)"/>` +
      `<path d="${SPOKES}" fill="#202327"/><circle r=".16" fill="#aab1b9"/><circle r=".07" fill="#4a5057"/></g>`,
  );
}

/** One wheel at axle s on side sign (1 = near). */
function wheel(ctx: Ctx, s: number, sign: 1 | -1): void {
  const { sp, cam, out } = ctx;
  const yo = sign * (sp.w - 0.35);
  const yi = sign * (sp.w - 0.35 - sp.tw);
  const o = px(cam, [s, yo, sp.r]);
  const A: V2 = sub2(px(cam, [s + sp.r, yo, sp.r]), o);
  const B: V2 = sub2(px(cam, [s, yo, 0]), o);
  const o1 = px(cam, [s, yi, sp.r]);
  const v = sub2(o1, o);
  // Tread: the hull of the two sidewall discs.
  const cr = (a: V2, b: V2): number => a[0] * b[1] - a[1] * b[0];
  const t0 = Math.atan2(cr(B, v), cr(A, v));
  const e = (t: number, off: V2): V2 => add2(add2(off, mul2(A, Math.cos(t))), mul2(B, Math.sin(t)));
  const q = [e(t0, o), e(t0 + Math.PI, o), e(t0 + Math.PI, o1), e(t0, o1)];
  const mtx = (off: V2): string => `matrix(${fmt2(A[0])} ${fmt2(A[1])} ${fmt2(B[0])} ${fmt2(B[1])} ${fmt(off[0])} ${fmt(off[1])})`;
  const round = Math.abs(cam.c[1]) < 0.3 ? ` stroke="#17181b" stroke-width="${fmt(sp.tw * cam.k * 0.45)}" stroke-linejoin="round"` : "";
  let g = `<g fill="#17181b"><circle r="1" transform="${mtx(o1)}"/><path d="M${q.map((p) => `${fmt(p[0])} ${fmt(p[1])}`).join("L")}Z"${round}/>`;
  const facing = sign * cam.c[1];
  if (facing > 0.05) {
    g += `</g><use href="#wh" transform="${mtx(o)}"/>`;
  } else {
    g += `<circle r="1" transform="${mtx(o)}"/>`;
    if (facing < -0.05) g += `<circle r=".6" fill="#2b2e33" transform="${mtx(o1)}"/>`;
    g += `</g>`;
  }
  out.push(g);
}

/** Grille, lamps and bumper details on the front (or rear) face and its chamfers. */
function fascia(ctx: Ctx, isFront: boolean): void {
  const { sp, cam, p } = ctx;
  const n = sp.lo.length;
  const verts = isFront ? sp.lo.slice(0, sp.nF) : sp.lo.slice(n - sp.nR);
  const wf = sp.w - sp.ch;
  const fs = (z: number): number => faceS(verts, z);
  const at = (y: number, z: number): V3 => [fs(z), y, z];
  const faceVis = (isFront ? -cam.c[0] : cam.c[0]) > 0.05;
  const dir = isFront ? 1 : -1;
  const bevelAt = (sg: number, u: number, z: number): V3 => {
    const s0 = fs(z);
    return [s0 + dir * sp.ch * u, sg * (wf + sp.ch * u), z];
  };
  const lamp = isFront ? sp.hl : sp.tl;
  const outer = lamp.filter((q) => q[0] < 1);
  const zA = Math.max(...outer.map((q) => q[1]));
  const zB = Math.min(...outer.map((q) => q[1]));
  let lamps = "";
  for (const sg of [-1, 1]) {
    const bn = norm3([-dir, sg, 0]);
    if (dot3(bn, cam.c) > 0.05) lamps += polyD(cam, [bevelAt(sg, 0, zA), bevelAt(sg, 0.9, zA - 0.15), bevelAt(sg, 0.9, zB + 0.25), bevelAt(sg, 0, zB)], false);
    if (faceVis)
      lamps += polyD(
        cam,
        lamp.map(([d, z]) => at(sg * (wf - d), z)),
        false,
      );
  }
  const sym = (half: V2[]): V3[] => [...half.map(([y, z]) => at(y, z)), ...[...half].reverse().map(([y, z]) => at(-y, z))];
  if (isFront) {
    if (faceVis) {
      path(ctx, polyD(cam, sym(sp.intake)), `fill="#17191c"`);
      path(ctx, polyD(cam, sym(sp.gr)), `fill="#1c1f23" stroke="${p.line}"`);
      const zs = sp.gr.map((q) => q[1]);
      const z0 = Math.min(...zs);
      const z1 = Math.max(...zs);
      const gw = Math.max(...sp.gr.map((q) => q[0])) * 0.82;
      let bars = "";
      for (let i = 1; i < 4; i++) {
        const z = z0 + ((z1 - z0) * i) / 4;
        bars += pathD(cam, { s: at(-gw, z), segs: [{ c: [], e: at(gw, z) }] }, false);
      }
      path(ctx, bars, `stroke="#41474f" stroke-width="1.3"`);
    }
    path(ctx, lamps, `fill="#e3e9ee" stroke="#1f2327" stroke-width="1.4" stroke-linejoin="round"`);
  } else {
    if (faceVis) {
      // Dark lower bumper band and a plain licence-plate recess.
      const zl = (verts[verts.length - 1] as CV)[1];
      path(
        ctx,
        polyD(
          cam,
          sym([
            [0, zl + 1.1],
            [wf - 0.6, zl + 1.1],
            [wf - 0.6, zl + 0.2],
            [0, zl + 0.2],
          ]),
        ),
        `fill="${mix(p.lo, "#16181b", 0.6)}"`,
      );
      const zp = zl + 2.1;
      path(
        ctx,
        polyD(
          cam,
          sym([
            [0, zp + 1.3],
            [2.6, zp + 1.3],
            [2.6, zp],
            [0, zp],
          ]),
        ),
        `fill="${mix(p.lo, "#9aa0a6", 0.5)}"`,
      );
    }
    path(ctx, lamps, `fill="#b3141d" stroke="#3a0a0e" stroke-width="1.2" stroke-linejoin="round"`);
    if (sp.cargo && faceVis) {
      // Split line of the twin rear doors.
      const zl = (verts[verts.length - 1] as CV)[1] + 1.2;
      const zr = Math.max(...sp.gh.map((v) => v[1])) - 0.8;
      const zbt = (verts[0] as CV)[1];
      const sr = (sp.gh[sp.gh.length - 2] as CV)[0] + 0.4;
      path(
        ctx,
        pathD(
          cam,
          {
            s: [fs(zl), 0, zl],
            segs: [
              { c: [], e: [fs(zbt), 0, zbt] },
              { c: [], e: [sr, 0, zr] },
            ],
          },
          false,
        ),
        `fill="none" stroke="${p.line}" stroke-width="1.2" stroke-opacity=".7"`,
      );
    }
  }
}

function sideDetails(ctx: Ctx, arches: Curve2[]): void {
  const { sp, cam, p } = ctx;
  const on = (q: V2): V3 => [q[0], q[1] <= beltZ(sp, q[0]) + 0.01 ? sp.w : ghY(sp, q[1]), q[1]];
  const line = (pts: V2[]): string => pathD(cam, { s: on(pts[0] as V2), segs: pts.slice(1).map((q) => ({ c: [], e: on(q) })) }, false);
  // Sill shadow and, for rugged bodies, black cladding over the arches and sill.
  const af = arches[0] as Curve2;
  const ar = arches[1] as Curve2;
  if (sp.clad) {
    let d = "";
    for (const a of arches)
      d += pathD(
        cam,
        map2(a, ([s, z]) => [s, sp.w + 0.05, z]),
        false,
      );
    path(ctx, d, `fill="none" stroke="#222529" stroke-width="${fmt(cam.k * 0.9)}"`);
    path(
      ctx,
      line([
        [af.s[0], sp.sill + 0.75],
        [endOf3(ar)[0], sp.sill + 0.75],
      ]),
      `stroke="#222529" stroke-width="${fmt(cam.k * 1.3)}"`,
    );
  } else {
    path(
      ctx,
      line([
        [sp.ax[0] + sp.r + sp.gap, sp.sill + 0.35],
        [sp.ax[1] - sp.r - sp.gap, sp.sill + 0.35],
      ]),
      `stroke="${p.line}" stroke-width="${fmt(cam.k * 0.6)}" stroke-opacity=".35"`,
    );
  }
  let d = "";
  for (const l of sp.doors) d += line(l);
  path(ctx, d, `fill="none" stroke="${p.line}" stroke-width="1.1" stroke-opacity=".75"`);
  let h = "";
  for (const [s, z] of sp.handles)
    h += line([
      [s - 1.1, z],
      [s, z],
    ]);
  path(ctx, h, `stroke="${mix(p.base, "#000000", 0.35)}" stroke-width="${fmt(cam.k * 0.32)}" stroke-linecap="round"`);
  if (sp.slide) {
    const [s0, s1, dz] = sp.slide;
    path(
      ctx,
      line([
        [s0, beltZ(sp, s0) + dz],
        [s1, beltZ(sp, s1) + dz],
      ]),
      `stroke="${p.line}" stroke-width="${fmt(cam.k * 0.22)}" stroke-opacity=".8"`,
    );
  }
}

function endOf3(c: Curve2): V2 {
  return c.segs.length ? (c.segs[c.segs.length - 1] as Seg2).e : c.s;
}

function mirror(ctx: Ctx, sign: 1 | -1): void {
  const { sp, cam, p } = ctx;
  const sc = (sp.lo[sp.cowl] as CV)[0] + 0.4;
  const zb = beltZ(sp, sc + 1.5);
  const yi = sign * (ghY(sp, zb) - 0.2);
  const yo = sign * (sp.w + 1.3);
  const inner: V3[] = [
    [sc + 0.7, yi, zb + 0.3],
    [sc + 2.3, yi, zb + 0.3],
    [sc + 2.3, yi, zb + 1.4],
    [sc + 0.7, yi, zb + 1.4],
  ];
  const outer: V3[] = [
    [sc + 1.1, yo, zb + 0.5],
    [sc + 2.2, yo, zb + 0.5],
    [sc + 2.2, yo, zb + 1.3],
    [sc + 1.1, yo, zb + 1.3],
  ];
  const [i0, i1, i2, i3] = inner as [V3, V3, V3, V3];
  const [o0, o1, o2, o3] = outer as [V3, V3, V3, V3];
  const center = centroid([...inner, ...outer]);
  const faces: [V3[], string | null][] = [
    [outer, null],
    [[i0, o0, o3, i3], null],
    [[i1, o1, o2, i2], "#15181c"],
    [[i3, i2, o2, o3], null],
    [[i0, i1, o1, o0], null],
  ];
  let g = "";
  for (const [f, fill] of faces) {
    const nrm = faceNormal(f, center);
    if (!seen(cam, nrm, f, 0.03)) continue;
    const c = fill ?? p.tone(dot3(nrm, cam.l));
    g += `<path d="${polyD(cam, f)}" fill="${c}" stroke="${c}" stroke-width=".5"/>`;
  }
  ctx.out.push(g);
}

function bed(ctx: Ctx): void {
  const { sp, cam, p, out, defs } = ctx;
  const b = sp.bed;
  if (!b) return;
  const zt = beltZ(sp, b.s1);
  const wi = sp.w - 0.5;
  const top: V3[] = [
    [b.s0, -wi, zt],
    [b.s1, -wi, zt],
    [b.s1, wi, zt],
    [b.s0, wi, zt],
  ];
  if (area(cam, top) === 0 || Math.abs(area(cam, top)) < 4) return;
  defs.push(`<clipPath id="bd"><path d="${polyD(cam, top)}"/></clipPath>`);
  const fl = (q: V3): V3 => [q[0], q[1], b.floor];
  let g = `<g clip-path="url(#bd)"><path d="${polyD(cam, top)}" fill="#24272b"/>`;
  const walls: [V3[], V3][] = [
    [
      [top[0] as V3, top[1] as V3, fl(top[1] as V3), fl(top[0] as V3)],
      [0, 1, 0],
    ],
    [
      [top[3] as V3, top[2] as V3, fl(top[2] as V3), fl(top[3] as V3)],
      [0, -1, 0],
    ],
    [
      [top[0] as V3, top[3] as V3, fl(top[3] as V3), fl(top[0] as V3)],
      [1, 0, 0],
    ],
    [
      [top[1] as V3, top[2] as V3, fl(top[2] as V3), fl(top[1] as V3)],
      [-1, 0, 0],
    ],
  ];
  for (const [w, nrm] of walls) {
    if (!seen(cam, nrm, w)) continue;
    g += `<path d="${polyD(cam, w)}" fill="${mix(p.tone(dot3(nrm, cam.l) - 0.3), "#1d2024", 0.35)}"/>`;
  }
  out.push(g + `</g>`);
}

/** Faces of a box given by its 8 corners (bottom 4, top 4, both counter-clockwise). */
function boxFaces(c: V3[]): V3[][] {
  const q = (i: number): V3 => c[i] as V3;
  return [
    [q(0), q(1), q(2), q(3)],
    [q(4), q(5), q(6), q(7)],
    [q(0), q(1), q(5), q(4)],
    [q(1), q(2), q(6), q(5)],
    [q(2), q(3), q(7), q(6)],
    [q(3), q(0), q(4), q(7)],
  ];
}

function drawBox(cam: Cam, c: V3[], color: (n: V3) => string): string {
  const cen = centroid(c);
  let g = "";
  for (const f of boxFaces(c)) {
    const nrm = faceNormal(f, cen);
    if (!seen(cam, nrm, f)) continue;
    const col = color(nrm);
    g += `<path d="${polyD(cam, f)}" fill="${col}" stroke="${col}" stroke-width=".5"/>`;
  }
  return g;
}

function cockpit(ctx: Ctx): void {
  const { sp, cam, out, p } = ctx;
  const o = sp.open;
  if (!o) return;
  const zt = beltZ(sp, o.s1) + 0.05;
  const wi = sp.w - 1.1;
  const hole: CV[] = [
    [o.s0, -wi, 1.5],
    [o.s1, -wi, 1.5],
    [o.s1, wi, 1.5],
    [o.s0, wi, 1.5],
  ];
  out.push(
    `<path d="${pathD(
      cam,
      map2(closedRounded(hole), ([s, y]) => [s, y, zt]),
    )}" fill="#1b1c1f"/>`,
  );
  // Leather seats (tan, or black on warm paints) and the folded top behind them.
  const warm = luma(p.base) > 0.35 && luma(p.base) < 0.8 && rgb(p.base)[0] > rgb(p.base)[2] + 30;
  const seatCol = warm ? "#2c2e33" : "#9a7350";
  const shade =
    (base: string) =>
    (n: V3): string => {
      const t = dot3(n, cam.l);
      return t > 0 ? mix(base, "#ffffff", t * 0.25) : mix(base, "#000000", -t * 0.4);
    };
  const items: { d: number; svg: string }[] = [];
  const push = (c: V3[], col: string): void => {
    items.push({ d: -dot3(centroid(c), cam.c), svg: drawBox(cam, c, shade(col)) });
  };
  const box = (sA: number, sB: number, y0: number, y1: number, z0: number, z1: number, lean: number, top = 0): V3[] => [
    [sA, y0, z0],
    [sB, y0, z0],
    [sB, y1, z0],
    [sA, y1, z0],
    [sA + lean, y0 + top, z1],
    [sB + lean - top, y0 + top, z1],
    [sB + lean - top, y1 - top, z1],
    [sA + lean, y1 - top, z1],
  ];
  for (const sg of [-1, 1]) {
    const yc = sg * sp.w * 0.42;
    const s0 = o.seat;
    push(box(s0, s0 + 1.1, yc - 2.0, yc + 2.0, zt - 1.2, zt + 2.3, 0.9), seatCol);
    push(box(s0 + 1.0, s0 + 1.8, yc - 0.9, yc + 0.9, zt + 2.2, zt + 3.4, 0.25), seatCol);
  }
  push(box(o.seat + 2.6, o.s1 - 0.3, -wi + 0.3, wi - 0.3, zt - 0.2, zt + 0.9, 0, 0.6), "#232427");
  items.sort((x, y) => y.d - x.d);
  out.push(items.map((i) => i.svg).join(""));
}

function glasshouse(ctx: Ctx): void {
  const { sp, cam, out, defs, p } = ctx;
  const g = sp.gh;
  const m = g.length;
  const cs = corners(g, true);
  const center: V3 = [g.reduce((n, v) => n + v[0], 0) / m, 0, g.reduce((n, v) => n + v[1], 0) / m];
  defs.push(
    `<linearGradient id="gl" x1="0" y1="0" x2=".25" y2="1"><stop offset="0" stop-color="#6a7888"/><stop ` +
      `offset=".42" stop-color="#2b3440"/><stop offset="1" stop-color="#12161c"/></linearGradient>`,
  );
  const ribbons: string[] = [];
  const glass: string[] = [];
  for (let i = 0; i < m - 1; i++) {
    const cm = edgeCurve(cs, i, i + 1);
    const a = map2(cm, ([s, z]) => [s, ghY(sp, z), z]);
    const b = map2(cm, ([s, z]) => [s, -ghY(sp, z), z]);
    const rb = ribbon(a, b);
    const nrm = faceNormal(curvePoints(rb), center);
    if (!seen(cam, nrm, curvePoints(rb))) continue;
    const fill = p.tone(dot3(nrm, cam.l));
    const isGlass = sp.open ? i !== 1 : i === 0 || (i === m - 2 && !sp.cargo);
    // An open car's screen is see-through: no body panel behind the glass.
    if (!(sp.open && isGlass)) ribbons.push(`<path d="${pathD(cam, rb, true, true)}" fill="${fill}" stroke="${fill}"/>`);
    if (isGlass) {
      const ci = cs[i] as Corner;
      const cj = cs[i + 1] as Corner;
      const p0 = lerp2(ci.b, cj.a, i === 0 ? 0.02 : 0.1);
      const p1 = lerp2(ci.b, cj.a, i === 0 ? 0.97 : 0.9);
      const i0 = 0.75;
      const i1 = 0.95;
      const quad: V3[] = [
        [p0[0], ghY(sp, p0[1]) - i0, p0[1]],
        [p1[0], ghY(sp, p1[1]) - i1, p1[1]],
        [p1[0], -ghY(sp, p1[1]) + i1, p1[1]],
        [p0[0], -ghY(sp, p0[1]) + i0, p0[1]],
      ];
      // One winding for all panes, so that overlapping panes do not cancel out.
      glass.push(polyD(cam, area(cam, quad) < 0 ? quad.reverse() : quad));
    }
  }
  // Side surfaces of the glasshouse (tumblehome), far side first.
  const sideSvg: string[] = ["", ""];
  for (const sg of [-1, 1]) {
    const onG = ([s, z]: V2): V3 => [s, sg * ghY(sp, z), z];
    const outline = map2(closedRounded(g), onG);
    const nrm = faceNormal(curvePoints(outline), center);
    if (!seen(cam, nrm, curvePoints(outline), 0.03)) continue;
    const fill = sp.open ? p.tone(dot3(nrm, cam.l)) : mix(p.tone(dot3(nrm, cam.l)), "#15181c", sp.cargo ? 0 : 0.08);
    let sv = `<path d="${pathD(cam, outline, true, true)}" fill="${fill}" stroke="${p.line}" stroke-width=".7" stroke-opacity=".4"/>`;
    if (!sp.open) {
      const ins = [sp.ins[0], ...Array<number>(Math.max(0, m - 3)).fill(sp.ins[1]), sp.ins[2], sp.ins[3]];
      let dlo = insetCV(g, ins, 0.35);
      if (sp.dlo) {
        const [ds, dz] = sp.dlo;
        dlo = clipCV(clipCV(dlo, [ds, 0], [ds, 30]), [60, dz], [0, dz]);
      }
      sv += `<path d="${pathD(cam, map2(closedRounded(dlo), onG), true, true)}" fill="#111418" stroke="#aeb5bd" stroke-width="1.1"/>`;
      const panes: CV[][] = [];
      let rest = dlo;
      const zb = (sp.lo[sp.cowl] as CV)[1];
      const zt = Math.max(...g.map((v) => v[1]));
      for (const [sb, st, wdt] of sp.pil) {
        const h = wdt / 2;
        panes.push(clipCV(rest, [sb - h, zb], [st - h, zt]));
        rest = clipCV(rest, [st + h, zt], [sb + h, zb]);
      }
      panes.push(rest);
      let d = "";
      for (const pane of panes) {
        if (pane.length < 3) continue;
        d += pathD(
          cam,
          map2(
            closedRounded(
              insetCV(
                pane,
                pane.map(() => 0.12),
                0.3,
              ),
            ),
            onG,
          ),
          true,
          true,
        );
      }
      sv += `<path d="${d}" fill="url(#gl)"/>`;
    }
    sideSvg[sg > 0 ? 1 : 0] = sv;
  }
  // Far side, roof and screens, then the near side.
  out.push(sideSvg[0] ?? "", `<g stroke-width=".6">${ribbons.join("")}</g>`);
  if (glass.length)
    out.push(`<path d="${glass.join("")}" fill="url(#gl)" stroke="#111418" stroke-width="${sp.open ? 2 : 1.2}"${sp.open ? ` fill-opacity=".55"` : ""}/>`);
  out.push(sideSvg[1] ?? "");
  if (sp.rails && Math.abs(cam.c[1]) > 0.3) {
    let d = "";
    const ri = cs[1] as Corner;
    const rj = cs[m - 2] as Corner;
    const a0 = lerp2(ri.b, rj.a, 0.04);
    const a1 = lerp2(ri.b, rj.a, 0.96);
    for (const sg of [-1, 1]) {
      const y = (z: number): number => sg * (ghY(sp, z) - 0.9);
      const p0: V3 = [a0[0], y(a0[1]), a0[1]];
      const p1: V3 = [a1[0], y(a1[1]), a1[1]];
      const up = (q: V3, k: number): V3 => [q[0] + k, q[1], q[2] + 0.4];
      d += pathD(
        cam,
        {
          s: p0,
          segs: [
            { c: [], e: up(p0, 0.6) },
            { c: [], e: up(p1, -0.6) },
            { c: [], e: p1 },
          ],
        },
        false,
      );
    }
    path(ctx, d, `fill="none" stroke="#24272b" stroke-width="${fmt(cam.k * 0.3)}" stroke-linecap="round" stroke-linejoin="round"`);
  }
}

/** Inset a rounded polygon; corner radii shrink with the inset (offset curves of arcs). */
function insetCV(poly: CV[], d: number[], minR: number): CV[] {
  const q = insetPolygon(
    poly.map((v): V2 => [v[0], v[1]]),
    d,
  );
  const n = poly.length;
  return q.map((v, i): CV => {
    const r = (poly[i] as CV)[2];
    const dd = ((d[(i - 1 + n) % n] ?? 0) + (d[i] ?? 0)) / 2;
    return [v[0], v[1], Math.max(minR, r - dd)];
  });
}

/** clipHalf for rounded polygons: new vertices get a small radius. */
function clipCV(poly: CV[], a: V2, b: V2): CV[] {
  const side = (q: CV): number => (b[0] - a[0]) * (q[1] - a[1]) - (b[1] - a[1]) * (q[0] - a[0]);
  const res: CV[] = [];
  for (let i = 0; i < poly.length; i++) {
    const cur = poly[i] as CV;
    const nxt = poly[(i + 1) % poly.length] as CV;
    const sc = side(cur);
    const sn = side(nxt);
    if (sc >= 0) res.push(cur);
    if (sc >= 0 !== sn >= 0) {
      const t = sc / (sc - sn);
      res.push([cur[0] + (nxt[0] - cur[0]) * t, cur[1] + (nxt[1] - cur[1]) * t, 0.45]);
    }
  }
  return res;
}

function insetPolygon(poly: V2[], d: number[]): V2[] {
  const n = poly.length;
  let a2 = 0;
  for (let i = 0; i < n; i++) {
    const p0 = poly[i] as V2;
    const p1 = poly[(i + 1) % n] as V2;
    a2 += p0[0] * p1[1] - p1[0] * p0[1];
  }
  const sgn = a2 > 0 ? 1 : -1;
  const lines = poly.map((p0, i) => {
    const p1 = poly[(i + 1) % n] as V2;
    const dir = sub2(p1, p0);
    const l = len2(dir) || 1;
    const nrm: V2 = [(-dir[1] / l) * sgn, (dir[0] / l) * sgn];
    const off = mul2(nrm, d[i] ?? 0.5);
    return [add2(p0, off), add2(p1, off)] as [V2, V2];
  });
  return lines.map((ln, i) => {
    const prev = lines[(i - 1 + n) % n] as [V2, V2];
    return intersect(prev[0], prev[1], ln[0], ln[1]);
  });
}

function intersect(a0: V2, a1: V2, b0: V2, b1: V2): V2 {
  const d1 = sub2(a1, a0);
  const d2 = sub2(b1, b0);
  const den = d1[0] * d2[1] - d1[1] * d2[0];
  if (Math.abs(den) < 1e-9) return a1;
  const t = ((b0[0] - a0[0]) * d2[1] - (b0[1] - a0[1]) * d2[0]) / den;
  return add2(a0, mul2(d1, t));
}
