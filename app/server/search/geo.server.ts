// Location: the searched ZIP's place, the distance rule, and the coarse grid the index uses to
// skip rows far from the search before measuring any distance.
import { SEARCH_RADIUS_CAP } from "../../lib/constants.ts";
import { MARKET_EXTENSION, type InvalidParam, type SearchLocation, type SearchQuery } from "../../lib/search-query.ts";
import { distanceMiles } from "../../lib/zip.ts";
import { lookupZip } from "../reference/zip.server.ts";

/** Distance of a listing from the search centre, in miles (the one formula both engines use). */
export function milesFrom(lat0: number, lon0: number, lat: number, lon: number): number {
  return distanceMiles(lat0, lon0, lat, lon);
}

/** The searched place and radius, or null for a search without a (known) ZIP. */
export function resolveLocation(q: Pick<SearchQuery, "zip" | "searchRadius" | "marketExtension">): {
  location: SearchLocation | null;
  ignored: InvalidParam[];
} {
  if (!q.zip) return { location: null, ignored: [] };
  const place = lookupZip(q.zip);
  if (!place) return { location: null, ignored: [{ name: "zip", value: q.zip, reason: "unknown ZIP code" }] };
  const radius = Math.min(Math.max(0, q.searchRadius ?? 0), SEARCH_RADIUS_CAP);
  const extendedRadius = radius > 0 && q.marketExtension ? radius * MARKET_EXTENSION.radiusFactor : 0;
  return { location: { zip: place.zip, city: place.city, state: place.state, lat: place.lat, lon: place.lon, radius, extendedRadius }, ignored: [] };
}

/** Grid cells of CELL_DEG degrees; a row's cell is `(latIndex << CELL_SHIFT) | lonIndex`. */
export const CELL_DEG = 0.05;
export const CELLS_PER_DEGREE = 20;
export const CELL_SHIFT = 13;
export const CELL_MASK = (1 << CELL_SHIFT) - 1;
const LAT_CELLS = Math.round(180 / CELL_DEG);
const LON_CELLS = Math.round(360 / CELL_DEG);

export function cellOf(lat: number, lon: number): number {
  const r = Math.min(LAT_CELLS - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEG)));
  const c = Math.min(LON_CELLS - 1, Math.max(0, Math.floor((lon + 180) / CELL_DEG)));
  return (r << CELL_SHIFT) | c;
}

/** A box that surely contains every point within `miles` of (lat, lon). */
export function boundingBox(lat: number, lon: number, miles: number) {
  const dLat = miles / 68 + 0.01;
  const latMin = Math.max(-90, lat - dLat);
  const latMax = Math.min(90, lat + dLat);
  const widest = Math.max(Math.abs(latMin), Math.abs(latMax));
  const cos = Math.max(0.01, Math.cos((Math.min(89.9, widest) * Math.PI) / 180));
  const dLon = miles / (69 * cos) + 0.01;
  return { latMin, latMax, lonMin: Math.max(-180, lon - dLon), lonMax: Math.min(180, lon + dLon) };
}

/** Cell states: outside the search, inside the base radius for sure, or to be measured. */
export const CELL_OUT = 0;
export const CELL_IN = 1;
export const CELL_CHECK = 2;

export interface CellGrid {
  r0: number;
  c0: number;
  nr: number;
  nc: number;
  grid: Uint8Array;
}

/**
 * Safety margin (miles) for classifying a whole cell: the nearest and farthest points of a
 * 0.05-degree cell are taken at its clamped point and corners, which is exact to far less than
 * this; cells within the margin of a boundary are measured slot by slot.
 */
const CELL_MARGIN = 0.5;

/**
 * Grids made lately, by centre and radii: a results page asks for the same grid for its search
 * and its supplemental search (and a 100-mile grid is some 4,500 cells of up to five distances
 * each). A grid is only read once made.
 */
const recentGrids = new Map<string, CellGrid>();
const RECENT_GRIDS = 64;

/** Classifies every cell near the centre against `radius` (sure pass) and `outer` (sure miss). */
export function cellGrid(lat: number, lon: number, radius: number, outer: number): CellGrid {
  const key = `${lat},${lon},${radius},${outer}`;
  const known = recentGrids.get(key);
  if (known) {
    recentGrids.delete(key);
    recentGrids.set(key, known);
    return known;
  }
  const grid = makeCellGrid(lat, lon, radius, outer);
  if (recentGrids.size >= RECENT_GRIDS) recentGrids.delete(recentGrids.keys().next().value!);
  recentGrids.set(key, grid);
  return grid;
}

function makeCellGrid(lat: number, lon: number, radius: number, outer: number): CellGrid {
  const box = boundingBox(lat, lon, outer);
  const cellA = cellOf(box.latMin, box.lonMin);
  const cellB = cellOf(box.latMax, box.lonMax);
  const r0 = cellA >>> CELL_SHIFT;
  const c0 = cellA & CELL_MASK;
  const nr = (cellB >>> CELL_SHIFT) - r0 + 1;
  const nc = (cellB & CELL_MASK) - c0 + 1;
  const grid = new Uint8Array(nr * nc);
  for (let r = 0; r < nr; r++) {
    const latA = (r0 + r) * CELL_DEG - 90;
    const latB = latA + CELL_DEG;
    for (let c = 0; c < nc; c++) {
      const lonA = (c0 + c) * CELL_DEG - 180;
      const lonB = lonA + CELL_DEG;
      const nearLat = Math.min(latB, Math.max(latA, lat));
      const nearLon = Math.min(lonB, Math.max(lonA, lon));
      const minD = milesFrom(lat, lon, nearLat, nearLon) - CELL_MARGIN;
      if (minD > outer) continue;
      const maxD =
        Math.max(milesFrom(lat, lon, latA, lonA), milesFrom(lat, lon, latA, lonB), milesFrom(lat, lon, latB, lonA), milesFrom(lat, lon, latB, lonB)) +
        CELL_MARGIN;
      grid[r * nc + c] = maxD < radius ? CELL_IN : CELL_CHECK;
    }
  }
  return { r0, c0, nr, nc, grid };
}
