// US metro areas for placing demo dealers and private sellers "weighted toward cities".
// Populations are rounded metropolitan-area (MSA) figures in thousands, centres are the principal
// city's downtown, and the area code is the principal city's main one (phones use 555-01xx).
// A metro's ZIPs are the real ZIPs (from the zipcodes table) within its radius of the centre.
import type { ZipPlace } from "../../lib/zip.ts";
import { distanceMiles } from "../../lib/zip.ts";
import { allZips } from "../reference/zip.server.ts";

export interface Metro {
  /** Display name, e.g. "Dallas-Fort Worth". */
  name: string;
  /** Principal city and state as the ZIP table spells them. */
  city: string;
  state: string;
  lat: number;
  lon: number;
  /** Population in thousands (used as the placement weight). */
  population: number;
  areaCode: string;
}

// name, city, state, lat, lon, population (thousands), area code
const RAW: [string, string, string, number, number, number, string][] = [
  ["New York", "New York", "NY", 40.7128, -74.006, 19500, "212"],
  ["Los Angeles", "Los Angeles", "CA", 34.0522, -118.2437, 12900, "213"],
  ["Chicago", "Chicago", "IL", 41.8781, -87.6298, 9400, "312"],
  ["Dallas-Fort Worth", "Dallas", "TX", 32.7767, -96.797, 7900, "214"],
  ["Houston", "Houston", "TX", 29.7604, -95.3698, 7300, "713"],
  ["Washington", "Washington", "DC", 38.9072, -77.0369, 6300, "202"],
  ["Philadelphia", "Philadelphia", "PA", 39.9526, -75.1652, 6200, "215"],
  ["Miami", "Miami", "FL", 25.7617, -80.1918, 6100, "305"],
  ["Atlanta", "Atlanta", "GA", 33.749, -84.388, 6200, "404"],
  ["Boston", "Boston", "MA", 42.3601, -71.0589, 4900, "617"],
  ["Phoenix", "Phoenix", "AZ", 33.4484, -112.074, 5000, "602"],
  ["San Francisco", "San Francisco", "CA", 37.7749, -122.4194, 4600, "415"],
  ["Riverside-San Bernardino", "Riverside", "CA", 33.9806, -117.3755, 4600, "951"],
  ["Detroit", "Detroit", "MI", 42.3314, -83.0458, 4300, "313"],
  ["Seattle", "Seattle", "WA", 47.6062, -122.3321, 4000, "206"],
  ["Minneapolis-St. Paul", "Minneapolis", "MN", 44.9778, -93.265, 3700, "612"],
  ["San Diego", "San Diego", "CA", 32.7157, -117.1611, 3300, "619"],
  ["Tampa", "Tampa", "FL", 27.9506, -82.4572, 3300, "813"],
  ["Denver", "Denver", "CO", 39.7392, -104.9903, 3000, "303"],
  ["Baltimore", "Baltimore", "MD", 39.2904, -76.6122, 2800, "410"],
  ["St. Louis", "Saint Louis", "MO", 38.627, -90.1994, 2800, "314"],
  ["Orlando", "Orlando", "FL", 28.5383, -81.3792, 2800, "407"],
  ["Charlotte", "Charlotte", "NC", 35.2271, -80.8431, 2800, "704"],
  ["San Antonio", "San Antonio", "TX", 29.4241, -98.4936, 2700, "210"],
  ["Portland", "Portland", "OR", 45.5152, -122.6784, 2500, "503"],
  ["Sacramento", "Sacramento", "CA", 38.5816, -121.4944, 2400, "916"],
  ["Pittsburgh", "Pittsburgh", "PA", 40.4406, -79.9959, 2400, "412"],
  ["Austin", "Austin", "TX", 30.2672, -97.7431, 2500, "512"],
  ["Las Vegas", "Las Vegas", "NV", 36.1699, -115.1398, 2300, "702"],
  ["Cincinnati", "Cincinnati", "OH", 39.1031, -84.512, 2300, "513"],
  ["Kansas City", "Kansas City", "MO", 39.0997, -94.5786, 2200, "816"],
  ["Columbus", "Columbus", "OH", 39.9612, -82.9988, 2200, "614"],
  ["Indianapolis", "Indianapolis", "IN", 39.7684, -86.1581, 2100, "317"],
  ["Cleveland", "Cleveland", "OH", 41.4993, -81.6944, 2100, "216"],
  ["San Jose", "San Jose", "CA", 37.3382, -121.8863, 2000, "408"],
  ["Nashville", "Nashville", "TN", 36.1627, -86.7816, 2000, "615"],
  ["Virginia Beach-Norfolk", "Virginia Beach", "VA", 36.8529, -75.978, 1800, "757"],
  ["Providence", "Providence", "RI", 41.824, -71.4128, 1700, "401"],
  ["Jacksonville", "Jacksonville", "FL", 30.3322, -81.6557, 1700, "904"],
  ["Milwaukee", "Milwaukee", "WI", 43.0389, -87.9065, 1600, "414"],
  ["Raleigh", "Raleigh", "NC", 35.7796, -78.6382, 1500, "919"],
  ["Oklahoma City", "Oklahoma City", "OK", 35.4676, -97.5164, 1450, "405"],
  ["Memphis", "Memphis", "TN", 35.1495, -90.049, 1340, "901"],
  ["Richmond", "Richmond", "VA", 37.5407, -77.436, 1320, "804"],
  ["Louisville", "Louisville", "KY", 38.2527, -85.7585, 1290, "502"],
  ["New Orleans", "New Orleans", "LA", 29.9511, -90.0715, 1270, "504"],
  ["Salt Lake City", "Salt Lake City", "UT", 40.7608, -111.891, 1260, "801"],
  ["Hartford", "Hartford", "CT", 41.7658, -72.6734, 1210, "860"],
  ["Buffalo", "Buffalo", "NY", 42.8864, -78.8784, 1170, "716"],
  ["Birmingham", "Birmingham", "AL", 33.5186, -86.8104, 1120, "205"],
  ["Rochester", "Rochester", "NY", 43.1566, -77.6088, 1090, "585"],
  ["Grand Rapids", "Grand Rapids", "MI", 42.9634, -85.6681, 1090, "616"],
  ["Tucson", "Tucson", "AZ", 32.2226, -110.9747, 1050, "520"],
  ["Fresno", "Fresno", "CA", 36.7378, -119.7871, 1010, "559"],
  ["Tulsa", "Tulsa", "OK", 36.154, -95.9928, 1020, "918"],
  ["Urban Honolulu", "Honolulu", "HI", 21.3069, -157.8583, 1000, "808"],
  ["Omaha", "Omaha", "NE", 41.2565, -95.9345, 970, "402"],
  ["Worcester", "Worcester", "MA", 42.2626, -71.8023, 980, "508"],
  ["Bridgeport-Stamford", "Bridgeport", "CT", 41.1792, -73.1894, 950, "203"],
  ["Greenville", "Greenville", "SC", 34.8526, -82.394, 950, "864"],
  ["Albuquerque", "Albuquerque", "NM", 35.0844, -106.6504, 920, "505"],
  ["Bakersfield", "Bakersfield", "CA", 35.3733, -119.0187, 910, "661"],
  ["Albany", "Albany", "NY", 42.6526, -73.7562, 900, "518"],
  ["Knoxville", "Knoxville", "TN", 35.9606, -83.9207, 900, "865"],
  ["El Paso", "El Paso", "TX", 31.7619, -106.485, 870, "915"],
  ["Baton Rouge", "Baton Rouge", "LA", 30.4515, -91.1871, 870, "225"],
  ["McAllen", "McAllen", "TX", 26.2034, -98.23, 880, "956"],
  ["New Haven", "New Haven", "CT", 41.3083, -72.9279, 860, "203"],
  ["Allentown", "Allentown", "PA", 40.6084, -75.4902, 860, "610"],
  ["Oxnard-Ventura", "Oxnard", "CA", 34.1975, -119.1771, 840, "805"],
  ["Columbia", "Columbia", "SC", 34.0007, -81.0348, 840, "803"],
  ["North Port-Sarasota", "Sarasota", "FL", 27.3364, -82.5307, 860, "941"],
  ["Dayton", "Dayton", "OH", 39.7589, -84.1916, 810, "937"],
  ["Charleston", "Charleston", "SC", 32.7765, -79.9311, 800, "843"],
  ["Greensboro", "Greensboro", "NC", 36.0726, -79.792, 780, "336"],
  ["Cape Coral-Fort Myers", "Fort Myers", "FL", 26.6406, -81.8723, 790, "239"],
  ["Stockton", "Stockton", "CA", 37.9577, -121.2908, 780, "209"],
  ["Boise", "Boise", "ID", 43.615, -116.2023, 790, "208"],
  ["Colorado Springs", "Colorado Springs", "CO", 38.8339, -104.8214, 760, "719"],
  ["Little Rock", "Little Rock", "AR", 34.7465, -92.2896, 750, "501"],
  ["Lakeland", "Lakeland", "FL", 28.0395, -81.9498, 760, "863"],
  ["Akron", "Akron", "OH", 41.0814, -81.519, 700, "330"],
  ["Des Moines", "Des Moines", "IA", 41.5868, -93.625, 720, "515"],
  ["Springfield", "Springfield", "MA", 42.1015, -72.5898, 700, "413"],
  ["Ogden", "Ogden", "UT", 41.223, -111.9738, 700, "801"],
  ["Madison", "Madison", "WI", 43.0731, -89.4012, 680, "608"],
  ["Winston-Salem", "Winston Salem", "NC", 36.0999, -80.2442, 680, "336"],
  ["Deltona-Daytona Beach", "Daytona Beach", "FL", 29.2108, -81.0228, 690, "386"],
  ["Syracuse", "Syracuse", "NY", 43.0481, -76.1474, 660, "315"],
  ["Provo-Orem", "Provo", "UT", 40.2338, -111.6585, 670, "801"],
  ["Wichita", "Wichita", "KS", 37.6872, -97.3301, 650, "316"],
  ["Toledo", "Toledo", "OH", 41.6528, -83.5379, 640, "419"],
  ["Augusta", "Augusta", "GA", 33.4735, -82.0105, 620, "706"],
  ["Palm Bay-Melbourne", "Melbourne", "FL", 28.0836, -80.6081, 610, "321"],
  ["Jackson", "Jackson", "MS", 32.2988, -90.1848, 590, "601"],
  ["Harrisburg", "Harrisburg", "PA", 40.2732, -76.8867, 590, "717"],
  ["Spokane", "Spokane", "WA", 47.6588, -117.426, 590, "509"],
  ["Chattanooga", "Chattanooga", "TN", 35.0456, -85.3097, 570, "423"],
  ["Scranton", "Scranton", "PA", 41.4089, -75.6624, 560, "570"],
  ["Modesto", "Modesto", "CA", 37.6391, -120.9969, 550, "209"],
  ["Lancaster", "Lancaster", "PA", 40.0379, -76.3055, 550, "717"],
  ["Portland-South Portland", "Portland", "ME", 43.6591, -70.2568, 560, "207"],
  ["Youngstown", "Youngstown", "OH", 41.0998, -80.6495, 540, "330"],
  ["Lansing", "Lansing", "MI", 42.7325, -84.5555, 540, "517"],
  ["Fayetteville", "Fayetteville", "AR", 36.0626, -94.1574, 550, "479"],
  ["Reno", "Reno", "NV", 39.5296, -119.8138, 490, "775"],
  ["Pensacola", "Pensacola", "FL", 30.4213, -87.2169, 510, "850"],
  ["Huntsville", "Huntsville", "AL", 34.7304, -86.5861, 500, "256"],
  ["Lexington", "Lexington", "KY", 38.0406, -84.5037, 520, "859"],
  ["Asheville", "Asheville", "NC", 35.5951, -82.5515, 470, "828"],
  ["Anchorage", "Anchorage", "AK", 61.2181, -149.9003, 400, "907"],
  ["Sioux Falls", "Sioux Falls", "SD", 43.5446, -96.7311, 280, "605"],
  ["Fargo", "Fargo", "ND", 46.8772, -96.7898, 250, "701"],
  ["Billings", "Billings", "MT", 45.7833, -108.5007, 185, "406"],
  ["Cheyenne", "Cheyenne", "WY", 41.14, -104.8202, 100, "307"],
  ["Burlington", "Burlington", "VT", 44.4759, -73.2121, 225, "802"],
  ["Manchester", "Manchester", "NH", 42.9956, -71.4548, 420, "603"],
  ["Wilmington", "Wilmington", "DE", 39.7391, -75.5398, 720, "302"],
  ["Charleston WV", "Charleston", "WV", 38.3498, -81.6326, 250, "304"],
];

export const METROS: readonly Metro[] = RAW.map(([name, city, state, lat, lon, population, areaCode]) => ({
  name,
  city,
  state,
  lat,
  lon,
  population,
  areaCode,
}));

/** Radius (miles) a metro's ZIPs are drawn from: bigger metros sprawl further. */
export function metroRadiusMiles(m: Metro): number {
  return Math.round(Math.min(40, Math.max(12, 8 + Math.sqrt(m.population) * 0.28)));
}

export interface MetroZips {
  metro: Metro;
  zips: ZipPlace[];
}

export interface PlacementTable {
  metros: MetroZips[];
  /** Cumulative population weights over `metros`, for weighted picks. */
  cumulative: Float64Array;
  /** ZIPs outside every metro radius ("smaller towns anywhere"), sorted by ZIP. */
  smallTowns: ZipPlace[];
}

let cached: PlacementTable | undefined;

/** Every metro with its ZIPs, plus the ZIPs outside all metros. Computed once per process. */
export function placementTable(): PlacementTable {
  if (cached) return cached;
  const zips = allZips();
  const metros: MetroZips[] = METROS.map((metro) => ({ metro, zips: [] }));
  const smallTowns: ZipPlace[] = [];
  const radii = METROS.map(metroRadiusMiles);
  for (const z of zips) {
    let placed = false;
    for (let i = 0; i < METROS.length; i++) {
      const m = METROS[i];
      // Cheap box test before the great-circle distance.
      if (Math.abs(z.lat - m.lat) > 0.75 || Math.abs(z.lon - m.lon) > 1.1) continue;
      if (distanceMiles(z.lat, z.lon, m.lat, m.lon) <= radii[i]) {
        metros[i].zips.push(z);
        placed = true;
        break;
      }
    }
    if (!placed) smallTowns.push(z);
  }
  const usable = metros.filter((m) => m.zips.length > 0);
  const cumulative = new Float64Array(usable.length);
  let sum = 0;
  usable.forEach((m, i) => {
    sum += m.metro.population;
    cumulative[i] = sum;
  });
  cached = { metros: usable, cumulative, smallTowns };
  return cached;
}

/** Picks a metro weighted by population; `r` is a uniform number in [0, 1). */
export function pickMetro(table: PlacementTable, r: number): MetroZips {
  const total = table.cumulative[table.cumulative.length - 1];
  const x = r * total;
  let lo = 0;
  let hi = table.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (table.cumulative[mid] > x) hi = mid;
    else lo = mid + 1;
  }
  return table.metros[lo];
}
