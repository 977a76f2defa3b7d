// The in-memory columnar listing index: storage, bulk build and incremental change.
//
// Layout (docs/search-index.md has the full story):
// - Every active listing is a "slot" in parallel typed arrays (price, mileage, date, location,
//   bitmasks for features / packages / home services / history ...).
// - Attributes fixed by the vehicle configuration (year, make, model, series, trim, body style,
//   subtype, fuel, drive, engine, transmission, doors, cylinders, MPG, electric range, truck bed
//   and cab) are stored once per distinct configuration ("config"); a slot holds its config id.
//   A query evaluates those filters once per config (~20k), not once per listing (1M).
// - Attributes of the listing's appearance and seller (condition, colours, seller type, deal
//   rating, use type, money-back guarantee) form an "appearance" tuple the same way.
// - Slots are clustered by config (sorted region), so a query skips whole configs that fail and
//   counts configs that fail one filter without touching their rows. New slots land in an
//   unsorted overflow tail; removed slots become tombstones (appearance 0). When the tail or the
//   tombstones grow, the arrays are re-clustered in memory.
// - A config's common features ("base", the intersection over its rows) are stored once; a
//   sorted slot keeps only its extra features. Overflow slots keep their full feature set.
// - Per listing type, running totals of every facet over all live slots answer the landing
//   query (no filter but the condition) without a scan.
import { ELECTRIC_RANGE_THRESHOLDS, MILEAGE_THRESHOLDS, MPG_THRESHOLDS, PRICE_THRESHOLDS } from "../../lib/search-query.ts";
import { clearBit, setBit, wordsFor } from "./bitset.server.ts";
import { cellOf } from "./geo.server.ts";
import { BitDict, packRows, type PackedBits, type PackedRows } from "./pack.server.ts";
import { APP, CFG, type IndexRow } from "./rows.server.ts";
import { fuelMonthly } from "../../lib/monthly-cost.ts";

export { BitDict };

/** String dictionary; id 0 stands for "none" (null or empty). */
export class Dict {
  readonly values: string[] = [""];
  readonly ids = new Map<string, number>();
  id(v: unknown): number {
    if (v === null || v === undefined || v === "") return 0;
    const s = String(v);
    let i = this.ids.get(s);
    if (i === undefined) {
      i = this.values.length;
      this.values.push(s);
      this.ids.set(s, i);
    }
    return i;
  }
  /** The id of a value, or -1 when it never occurred. */
  find(v: string): number {
    return this.ids.get(v) ?? -1;
  }
  get size(): number {
    return this.values.length;
  }
}

/** A growable bitmask column: one Uint32Array per 32 codes. */
export class BitColumn {
  words: Uint32Array[];
  constructor(capacity: number, words = 1) {
    this.words = Array.from({ length: words }, () => new Uint32Array(capacity));
  }
  ensureWords(n: number, capacity: number): void {
    while (this.words.length < n) this.words.push(new Uint32Array(capacity));
  }
  grow(capacity: number): void {
    this.words = this.words.map((w) => grown(w, capacity));
  }
  bytes(): number {
    return this.words.reduce((s, w) => s + w.byteLength, 0);
  }
}

type Typed = Int32Array | Uint32Array | Float64Array | Uint8Array | Uint16Array;

function grown<T extends Typed>(a: T, capacity: number): T {
  const b = new (a.constructor as new (n: number) => T)(capacity);
  b.set(a.subarray(0, Math.min(a.length, capacity)) as never);
  return b;
}

/** Maps listing ids to slots (dense array; ids are database sequences). */
class IdMap {
  #arr = new Int32Array(1024).fill(-1);
  #big = new Map<number, number>();
  get(id: number): number {
    if (id >= 0 && id < this.#arr.length) return this.#arr[id];
    return this.#big.get(id) ?? -1;
  }
  set(id: number, slot: number): void {
    if (id >= 0 && id < 1 << 27) {
      if (id >= this.#arr.length) {
        let n = this.#arr.length;
        while (n <= id) n *= 2;
        const next = new Int32Array(n).fill(-1);
        next.set(this.#arr);
        this.#arr = next;
      }
      this.#arr[id] = slot;
    } else this.#big.set(id, slot);
  }
  delete(id: number): void {
    if (id >= 0 && id < this.#arr.length) this.#arr[id] = -1;
    else this.#big.delete(id);
  }
  bytes(): number {
    return this.#arr.byteLength + this.#big.size * 40;
  }
}

/** Index of the first threshold at or above v (thresholds.length when above all). */
export function bucketOf(thresholds: readonly number[], v: number): number {
  let i = 0;
  while (i < thresholds.length && v > thresholds[i]) i++;
  return i;
}

/** How many thresholds v reaches (v >= t), for "N and more" options. */
export function reachOf(thresholds: readonly number[], v: number): number {
  let i = 0;
  while (i < thresholds.length && v >= thresholds[i]) i++;
  return i;
}

/** Running totals of every facet over the live slots of one listing type. */
export class Totals {
  cfg: Int32Array;
  price: Int32Array = new Int32Array(PRICE_THRESHOLDS.length + 1);
  mileage: Int32Array = new Int32Array(MILEAGE_THRESHOLDS.length + 1);
  features: Int32Array = new Int32Array(64);
  packages: Int32Array = new Int32Array(32);
  homeServices: Int32Array = new Int32Array(32);
  history: Int32Array = new Int32Array(32);
  live = 0;
  constructor(cfgCapacity: number) {
    this.cfg = new Int32Array(cfgCapacity);
  }
}

const CFG_ATTRS = [
  "year",
  "make",
  "model",
  "series",
  "trim",
  "body",
  "subtype",
  "fuel",
  "drive",
  "engine",
  "trans",
  "doors",
  "cyl",
  "mpg",
  "erange",
  "bed",
  "cab",
  /** EPA annual fuel cost in dollars, 0 for none. */
  "fuelCost",
] as const;
type CfgAttr = (typeof CFG_ATTRS)[number];
const APP_ATTRS = ["type", "ext", "int", "seller", "deal", "use", "mbg"] as const;
type AppAttr = (typeof APP_ATTRS)[number];

export interface IndexStats {
  live: number;
  slots: number;
  sorted: number;
  overflow: number;
  tombstones: number;
  configs: number;
  appearances: number;
  bytes: number;
  version: number;
}

export class ListingIndex {
  // Dictionaries -------------------------------------------------------------------------
  readonly makes = new Dict();
  /** `MAKE|MODEL` */
  readonly models = new Dict();
  readonly series = new Dict();
  /** `MAKE|Trim` */
  readonly trims = new Dict();
  readonly bodies = new Dict();
  readonly subtypes = new Dict();
  readonly fuels = new Dict();
  readonly drives = new Dict();
  readonly engines = new Dict();
  readonly transmissions = new Dict();
  readonly beds = new Dict();
  readonly listingTypes = new Dict();
  readonly extColors = new Dict();
  readonly intColors = new Dict();
  readonly sellers = new Dict();
  readonly deals = new Dict();
  readonly uses = new Dict();
  readonly features = new BitDict();
  readonly packages = new BitDict();
  readonly homeServices = new BitDict();
  readonly history = new BitDict();
  /** For each model id, its make id. */
  modelMake = new Int32Array(64);

  // Configs ------------------------------------------------------------------------------
  nCfg = 0;
  cfgCap = 1024;
  readonly cfgIds = new Map<string, number>();
  cfg: Record<CfgAttr, Int32Array>;
  /** Reach of the MPG / electric range thresholds (how many "N+" options the config meets). */
  cfgMpgReach = new Uint8Array(1024);
  cfgRangeReach = new Uint8Array(1024);
  /** The config's EPA fuel cost a month (app/lib/monthly-cost.ts fuelMonthly), -1 without one. */
  cfgFuelMonthly = new Int32Array(1024);
  cfgStart = new Int32Array(1024);
  cfgEnd = new Int32Array(1024);
  cfgLive = new Int32Array(1024);
  cfgLiveSorted = new Int32Array(1024);
  /** Common features of the config's sorted slots (one array per 32 feature codes). */
  cfgBase: Uint32Array[] = [new Uint32Array(1024), new Uint32Array(1024)];

  // Appearances (id 0 = tombstone) -------------------------------------------------------
  nApp = 1;
  appCap = 1024;
  readonly appIds = new Map<string, number>();
  app: Record<AppAttr, Int32Array>;
  appLive = new Int32Array(1024);

  // Slots --------------------------------------------------------------------------------
  n = 0;
  sortedEnd = 0;
  cap = 0;
  live = 0;
  tombstones = 0;
  id = new Int32Array(0);
  slotCfg = new Int32Array(0);
  slotApp = new Int32Array(0);
  owner = new Int32Array(0);
  price = new Float64Array(0);
  mileage = new Int32Array(0);
  dateListed = new Float64Array(0);
  lat = new Float64Array(0);
  lon = new Float64Array(0);
  cell = new Int32Array(0);
  priceBucket = new Uint8Array(0);
  mileageBucket = new Uint8Array(0);
  /** priceBucket | mileageBucket << 8 | home services low byte << 16 | history low byte << 24. */
  small = new Int32Array(0);
  /**
   * Each slot's stored feature words as one id: the same few extra features recur, so a query
   * counts features with one increment per slot and rolls the ids up to codes at the end.
   */
  slotExtras = new Int32Array(0);
  nExtras = 0;
  extrasWords: Uint32Array[] = [new Uint32Array(1024), new Uint32Array(1024)];
  readonly #extrasIds = new Map<number | string, number>();
  /** Sorted slots: features beyond the config base; overflow slots: all features. */
  featX = new BitColumn(0, 2);
  pkg = new BitColumn(0);
  hs = new BitColumn(0);
  hist = new BitColumn(0);
  readonly slotOf = new IdMap();

  /** Running totals per listing type id. */
  totals: Totals[] = [];

  // Postings: one bitset per value of each appearance attribute and per code of each
  // multi-valued column, over slots, kept in step with the live slots.
  bitWords = 0;
  liveBits: Uint32Array = new Uint32Array(0);
  readonly post = {
    type: [] as Uint32Array[],
    ext: [] as Uint32Array[],
    int: [] as Uint32Array[],
    seller: [] as Uint32Array[],
    deal: [] as Uint32Array[],
    use: [] as Uint32Array[],
    mbg: [] as Uint32Array[],
    features: [] as Uint32Array[],
    packages: [] as Uint32Array[],
    homeServices: [] as Uint32Array[],
    history: [] as Uint32Array[],
    /** By price / mileage bucket (PRICE_THRESHOLDS / MILEAGE_THRESHOLDS). */
    priceBucket: [] as Uint32Array[],
    mileageBucket: [] as Uint32Array[],
  };
  #scratch: Uint32Array[] = [];

  /** The posting of one value (an empty bitset when the value never occurred). */
  posting(list: Uint32Array[], id: number): Uint32Array {
    // Filled densely so the arrays keep one element kind (V8 optimises them better).
    while (list.length <= id) list.push(new Uint32Array(this.bitWords));
    return list[id];
  }

  #lists: Int32Array[] = [];
  #keys: Float64Array = new Float64Array(0);
  #ints: Int32Array[] = [];
  /** A reusable, zeroed per-query count array (fewer large allocations, steadier timings). */
  zeroedCounts(k: number, size: number): Int32Array {
    let a = this.#ints[k];
    if (!a || a.length < size) {
      a = new Int32Array(Math.ceil(Math.max(size, 1024) * 1.25));
      this.#ints[k] = a;
    } else a.fill(0, 0, size);
    return a.subarray(0, size);
  }
  /** A reusable per-query key list (one number per listed slot). */
  keyList(): Float64Array {
    if (this.#keys.length < this.n) this.#keys = new Float64Array(this.cap);
    return this.#keys;
  }
  /** Reusable per-query slot lists, one slot per entry. */
  slotList(k: number): Int32Array {
    let l = this.#lists[k];
    if (!l || l.length < this.n) {
      l = new Int32Array(this.cap);
      this.#lists[k] = l;
    }
    return l;
  }

  /** Reusable per-query bitsets (the scan is synchronous, so one set per index is enough). */
  scratch(k: number): Uint32Array {
    let s = this.#scratch[k];
    if (!s || s.length !== this.bitWords) {
      s = new Uint32Array(this.bitWords);
      this.#scratch[k] = s;
    }
    return s;
  }
  /**
   * Slots of the sorted region in ascending (key, id) order per sort key, built by recluster().
   * Slots changed in place since then are "dirty" and left out of the walk (checked one by one),
   * as are overflow slots.
   */
  orders: {
    price: Int32Array;
    date: Int32Array;
    mileage: Int32Array;
    year: Int32Array;
    priceExact: boolean;
    /**
     * The sorted slots grouped by their config's monthly fuel cost (cfgFuelMonthly, groups in
     * ascending order, the group without one last), each group in (price, id) order: for any loan
     * terms a slot's monthly cost rises with its price within a group, so the 'Lowest monthly
     * cost' page is a merge of the groups' heads (docs/decisions/031-monthly-cost.md). Null when
     * prices are not exact whole numbers.
     */
    fuel: { slots: Int32Array; fm: Int32Array; starts: Int32Array } | null;
  } | null = null;
  dirtyBits: Uint32Array = new Uint32Array(0);
  dirtyList: number[] = [];
  /** Price and mileage of dirty slots as they were when the orders were built (their order position). */
  dirtyKeys = new Map<number, [number, number]>();

  /**
   * The sorted slots grouped by grid cell (built by recluster()): cellKeys are the occupied
   * cells in ascending order, cell cellKeys[k]'s slots are cellSlots[cellStarts[k] ..
   * cellStarts[k + 1]). Overflow slots are not in it (a location search checks them one by one).
   */
  cellKeys = new Int32Array(0);
  cellStarts = new Int32Array(1);
  cellSlots: Int32Array = new Int32Array(0);

  /** Bumped by every applied change; answers carry it. */
  version = 0;
  /** Newest updated_at and highest id seen (the multi-instance poller starts from them). */
  maxUpdatedAt = 0;
  maxId = 0;

  constructor() {
    this.cfg = Object.fromEntries(CFG_ATTRS.map((a) => [a, new Int32Array(1024)])) as Record<CfgAttr, Int32Array>;
    this.app = Object.fromEntries(APP_ATTRS.map((a) => [a, new Int32Array(1024)])) as Record<AppAttr, Int32Array>;
    this.#growSlots(1024);
  }

  // Building -------------------------------------------------------------------------------

  /** Builds from scratch: `feed` hands over all active rows (in any number of batches). */
  static async build(feed: (onRows: (rows: IndexRow[] | PackedRows) => void) => Promise<void>): Promise<ListingIndex> {
    const ix = new ListingIndex();
    ix.#bulk = true;
    await feed((rows) => (Array.isArray(rows) ? ix.applyRows(rows, false) : ix.applyPacked(rows, false)));
    ix.#bulk = false;
    ix.recluster();
    ix.version = 1;
    return ix;
  }

  /** The index's code dictionaries, for packing rows in its own bit positions. */
  get dicts() {
    return { features: this.features, packages: this.packages, homeServices: this.homeServices, history: this.history };
  }

  /**
   * Applies current rows (any status): active ones are inserted or updated, others removed.
   * Returns the number of slots touched.
   */
  applyRows(rows: IndexRow[], bumpVersion = true): number {
    return this.applyPacked(packRows(rows, this.dicts), bumpVersion);
  }

  /** applyRows for rows packed elsewhere (a loader thread), whose codes may sit in other bit positions. */
  applyPacked(p: PackedRows, bumpVersion = true): number {
    const cfgOf = new Int32Array(p.cfgKeys.length);
    for (let k = 0; k < p.cfgKeys.length; k++) cfgOf[k] = this.#configOf(p.cfgKeys[k]);
    const appOf = new Int32Array(p.appKeys.length);
    for (let k = 0; k < p.appKeys.length; k++) appOf[k] = this.#appearanceOf(p.appKeys[k]);
    const maps = {
      features: this.#bitMap(p.features, this.features),
      packages: this.#bitMap(p.packages, this.packages),
      homeServices: this.#bitMap(p.homeServices, this.homeServices),
      history: this.#bitMap(p.history, this.history),
    };
    let touched = 0;
    for (let k = 0; k < p.n; k++) touched += this.#applyOne(p, k, cfgOf[p.cfgKey[k]], appOf[p.appKey[k]], maps);
    if (bumpVersion && touched > 0) this.version++;
    if (bumpVersion && this.#needsRecluster()) this.recluster();
    return touched;
  }

  /** Packed bit position -> this index's, or null when they already agree. */
  #bitMap(bits: PackedBits, dict: BitDict): Int32Array | null {
    let same = true;
    const map = new Int32Array(bits.codes.length);
    for (let b = 0; b < bits.codes.length; b++) {
      map[b] = dict.bit(bits.codes[b]);
      if (map[b] !== b) same = false;
    }
    return same ? null : map;
  }

  #bufs = { features: new Uint32Array(4), packages: new Uint32Array(4), homeServices: new Uint32Array(4), history: new Uint32Array(4) };

  /** Row k's bits in this index's positions. */
  #bitsOf(bits: PackedBits, k: number, map: Int32Array | null, dict: BitDict, name: keyof ListingIndex["dicts"]): Uint32Array {
    let out = this.#bufs[name];
    const need = Math.max(2, dict.words, bits.words);
    if (out.length < need) out = this.#bufs[name] = new Uint32Array(need + 1);
    out.fill(0);
    const base = k * bits.words;
    if (map === null) {
      for (let w = 0; w < bits.words; w++) out[w] = bits.bits[base + w];
      return out;
    }
    for (let w = 0; w < bits.words; w++) {
      let m = bits.bits[base + w];
      while (m !== 0) {
        const low = m & -m;
        const g = map[w * 32 + 31 - Math.clz32(low)];
        out[g >>> 5] |= 1 << (g & 31);
        m = (m ^ low) >>> 0;
      }
    }
    return out;
  }

  /** Removes ids that no longer exist in the database. */
  removeIds(ids: Iterable<number>): number {
    let n = 0;
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot >= 0) {
        this.#kill(slot);
        n++;
      }
    }
    if (n > 0) this.version++;
    return n;
  }

  has(id: number): boolean {
    return this.slotOf.get(id) >= 0;
  }

  #needsRecluster(): boolean {
    const overflow = this.n - this.sortedEnd;
    return (
      overflow > Math.max(20_000, this.live * 0.1) ||
      this.tombstones > Math.max(20_000, this.live * 0.2) ||
      this.dirtyList.length > Math.max(20_000, this.live * 0.1)
    );
  }

  #applyOne(p: PackedRows, k: number, c: number, a: number, maps: Record<keyof ListingIndex["dicts"], Int32Array | null>): number {
    const id = p.id[k];
    if (id > this.maxId) this.maxId = id;
    const updated = p.updatedAt[k];
    if (updated > this.maxUpdatedAt) this.maxUpdatedAt = updated;
    const existing = this.slotOf.get(id);
    if (p.active[k] !== 1) {
      if (existing < 0) return 0;
      this.#kill(existing);
      return 1;
    }
    const features = this.#bitsOf(p.features, k, maps.features, this.features, "features");
    const cell = cellOf(p.lat[k], p.lon[k]);
    if (existing >= 0 && this.slotCfg[existing] === c && this.cell[existing] === cell) {
      // In place when the configuration and grid cell stay and a sorted slot keeps its config's base features.
      const sorted = existing < this.sortedEnd;
      if (!sorted || this.#coversBase(c, features)) {
        if (sorted && this.orders && (this.dirtyBits[existing >>> 5] & (1 << (existing & 31))) === 0) {
          this.dirtyKeys.set(existing, [this.price[existing], this.mileage[existing]]);
        }
        this.#account(existing, -1);
        this.#write(existing, p, k, c, a, features, sorted, maps);
        this.#account(existing, 1);
        if (sorted && this.orders && (this.dirtyBits[existing >>> 5] & (1 << (existing & 31))) === 0) {
          this.dirtyBits[existing >>> 5] |= 1 << (existing & 31);
          this.dirtyList.push(existing);
        }
        return 1;
      }
    }
    if (existing >= 0) this.#kill(existing);
    if (this.n === this.cap) this.#growSlots(Math.max(1024, Math.ceil(this.cap * 1.5)));
    const slot = this.n++;
    this.#write(slot, p, k, c, a, features, false, maps);
    this.slotOf.set(id, slot);
    this.#account(slot, 1);
    return 1;
  }

  #coversBase(c: number, features: Uint32Array): boolean {
    for (let w = 0; w < this.cfgBase.length; w++) {
      const base = this.cfgBase[w][c];
      if ((base & (features[w] ?? 0)) !== base) return false;
    }
    return true;
  }

  #kill(slot: number): void {
    this.#account(slot, -1);
    this.slotOf.delete(this.id[slot]);
    this.slotApp[slot] = 0;
    this.tombstones++;
  }

  #configOf(key: string): number {
    let c = this.cfgIds.get(key);
    if (c !== undefined) return c;
    const p = key.split("\t");
    const num = (v: string | undefined) => (v === undefined || v === "" ? 0 : Number(v) | 0);
    const make = this.makes.id(p[CFG.make_code]);
    const model = this.models.id(`${p[CFG.make_code]}|${p[CFG.model_code]}`);
    const mpg = p[CFG.is_mpge] === "1" ? 0 : num(p[CFG.mpg_combined]);
    const erange = num(p[CFG.electric_range]);
    c = this.nCfg++;
    if (c === this.cfgCap) this.#growConfigs(this.cfgCap * 2);
    this.cfgIds.set(key, c);
    const t = this.cfg;
    t.year[c] = num(p[CFG.year]);
    t.make[c] = make;
    t.model[c] = model;
    t.series[c] = this.series.id(p[CFG.series_code]);
    t.trim[c] = this.trims.id(p[CFG.trim_code]);
    t.body[c] = this.bodies.id(p[CFG.body_style_code]);
    t.subtype[c] = this.subtypes.id(p[CFG.body_subtype_code]);
    t.fuel[c] = this.fuels.id(p[CFG.fuel_type_group]);
    t.drive[c] = this.drives.id(p[CFG.drive_group]);
    t.engine[c] = this.engines.id(p[CFG.engine_code]);
    t.trans[c] = this.transmissions.id(p[CFG.transmission_code]);
    t.doors[c] = num(p[CFG.doors]);
    t.cyl[c] = num(p[CFG.cylinders]);
    t.mpg[c] = mpg;
    t.erange[c] = erange;
    t.bed[c] = this.beds.id(p[CFG.truck_bed_length]);
    t.cab[c] = num(p[CFG.truck_cab_size]);
    t.fuelCost[c] = Math.max(0, num(p[CFG.annual_fuel_cost]));
    this.cfgFuelMonthly[c] = t.fuelCost[c] > 0 ? fuelMonthly(t.fuelCost[c]) : -1;
    this.cfgMpgReach[c] = mpg > 0 ? reachOf(MPG_THRESHOLDS, mpg) : 0;
    this.cfgRangeReach[c] = erange > 0 ? reachOf(ELECTRIC_RANGE_THRESHOLDS, erange) : 0;
    if (model >= this.modelMake.length) this.modelMake = grown(this.modelMake, Math.max(model + 1, this.modelMake.length * 2));
    this.modelMake[model] = make;
    for (const w of this.cfgBase) w[c] = 0;
    return c;
  }

  #appearanceOf(key: string): number {
    let a = this.appIds.get(key);
    if (a !== undefined) return a;
    const p = key.split("\t");
    a = this.nApp++;
    if (a === this.appCap) this.#growAppearances(this.appCap * 2);
    this.appIds.set(key, a);
    const t = this.app;
    t.type[a] = this.listingTypes.id(p[APP.listing_type]);
    t.ext[a] = this.extColors.id(p[APP.ext_color_simple]);
    t.int[a] = this.intColors.id(p[APP.int_color_simple]);
    t.seller[a] = this.sellers.id(p[APP.seller_type]);
    t.deal[a] = this.deals.id(p[APP.deal_rating]);
    t.use[a] = this.uses.id(p[APP.vehicle_use_type]);
    t.mbg[a] = p[APP.money_back_guarantee] === "1" ? 1 : 0;
    return a;
  }

  #write(
    slot: number,
    p: PackedRows,
    k: number,
    c: number,
    a: number,
    features: Uint32Array,
    sorted: boolean,
    maps: Record<keyof ListingIndex["dicts"], Int32Array | null>,
  ): void {
    this.id[slot] = p.id[k];
    this.slotCfg[slot] = c;
    this.slotApp[slot] = a;
    this.owner[slot] = p.owner[k];
    const price = p.price[k];
    const mileage = p.mileage[k];
    this.price[slot] = price;
    this.mileage[slot] = mileage;
    this.priceBucket[slot] = bucketOf(PRICE_THRESHOLDS, price);
    this.mileageBucket[slot] = bucketOf(MILEAGE_THRESHOLDS, mileage);
    this.dateListed[slot] = p.dateListed[k];
    const lat = p.lat[k];
    const lon = p.lon[k];
    this.lat[slot] = lat;
    this.lon[slot] = lon;
    this.cell[slot] = cellOf(lat, lon);
    this.#storeBits(this.featX, this.features, features, slot, sorted ? c : -1);
    this.#storeBits(this.pkg, this.packages, this.#bitsOf(p.packages, k, maps.packages, this.packages, "packages"), slot, -1);
    this.#storeBits(this.hs, this.homeServices, this.#bitsOf(p.homeServices, k, maps.homeServices, this.homeServices, "homeServices"), slot, -1);
    this.#storeBits(this.hist, this.history, this.#bitsOf(p.history, k, maps.history, this.history, "history"), slot, -1);
    this.#writeSmall(slot);
  }

  /** Packs the slot's small codes (see `small`). */
  #writeSmall(slot: number): void {
    this.small[slot] =
      this.priceBucket[slot] | (this.mileageBucket[slot] << 8) | ((this.hs.words[0][slot] & 255) << 16) | ((this.hist.words[0][slot] & 255) << 24);
  }

  /** Stores a parsed bit set; with a config, only the bits beyond its base. */
  #storeBits(col: BitColumn, dict: BitDict, words: Uint32Array, slot: number, baseOf: number): void {
    if (col.words.length < dict.words) {
      col.ensureWords(dict.words, this.cap);
      if (col === this.featX) while (this.cfgBase.length < dict.words) this.cfgBase.push(new Uint32Array(this.cfgCap));
    }
    for (let w = 0; w < col.words.length; w++) {
      const v = words[w] ?? 0;
      col.words[w][slot] = baseOf >= 0 ? v & ~this.cfgBase[w][baseOf] : v;
    }
    if (col === this.featX) this.slotExtras[slot] = this.#extrasIdOf(slot);
  }

  /** The id of the slot's stored feature words (see slotExtras). */
  #extrasIdOf(slot: number): number {
    const words = this.featX.words;
    const key: number | string = words.length <= 2 ? (words[1][slot] >>> 0) * 4294967296 + (words[0][slot] >>> 0) : words.map((w) => w[slot]).join(",");
    let id = this.#extrasIds.get(key);
    if (id === undefined) {
      id = this.nExtras++;
      this.#extrasIds.set(key, id);
      if (id >= this.extrasWords[0].length) this.extrasWords = this.extrasWords.map((w) => grown(w, w.length * 2));
      while (this.extrasWords.length < words.length) this.extrasWords.push(new Uint32Array(this.extrasWords[0].length));
      for (let w = 0; w < words.length; w++) this.extrasWords[w][id] = words[w][slot];
    }
    return id;
  }

  /** All features of a slot. */
  featureWord(slot: number, w: number): number {
    const x = this.featX.words[w]?.[slot] ?? 0;
    return slot < this.sortedEnd ? (this.cfgBase[w][this.slotCfg[slot]] | x) >>> 0 : x;
  }

  totalsFor(type: number): Totals {
    let t = this.totals[type];
    if (!t) {
      t = new Totals(this.cfgCap);
      this.totals[type] = t;
    }
    if (t.cfg.length < this.cfgCap) t.cfg = grown(t.cfg, this.cfgCap);
    return t;
  }

  #account(slot: number, sign: number): void {
    const c = this.slotCfg[slot];
    const a = this.slotApp[slot];
    const t = this.totalsFor(this.app.type[a]);
    t.live += sign;
    t.cfg[c] += sign;
    t.price[this.priceBucket[slot]] += sign;
    t.mileage[this.mileageBucket[slot]] += sign;
    this.cfgLive[c] += sign;
    if (slot < this.sortedEnd) this.cfgLiveSorted[c] += sign;
    this.appLive[a] += sign;
    this.live += sign;
    for (let w = 0; w < this.featX.words.length; w++) t.features = addBits(t.features, w, this.featureWord(slot, w), sign);
    for (let w = 0; w < this.pkg.words.length; w++) t.packages = addBits(t.packages, w, this.pkg.words[w][slot], sign);
    for (let w = 0; w < this.hs.words.length; w++) t.homeServices = addBits(t.homeServices, w, this.hs.words[w][slot], sign);
    for (let w = 0; w < this.hist.words.length; w++) t.history = addBits(t.history, w, this.hist.words[w][slot], sign);
    if (!this.#bulk) this.#postSlot(slot, sign > 0);
  }

  /** While building, postings are made once by recluster() instead of slot by slot. */
  #bulk = false;

  /** Sets (or clears) the slot's bit in every posting of its values. */
  #postSlot(slot: number, on: boolean): void {
    const flip = on ? setBit : clearBit;
    const a = this.slotApp[slot];
    const P = this.post;
    flip(this.liveBits, slot);
    flip(this.posting(P.type, this.app.type[a]), slot);
    flip(this.posting(P.ext, this.app.ext[a]), slot);
    flip(this.posting(P.int, this.app.int[a]), slot);
    flip(this.posting(P.seller, this.app.seller[a]), slot);
    flip(this.posting(P.deal, this.app.deal[a]), slot);
    flip(this.posting(P.use, this.app.use[a]), slot);
    if (this.app.mbg[a] === 1) flip(this.posting(P.mbg, 1), slot);
    flip(this.posting(P.priceBucket, this.priceBucket[slot]), slot);
    flip(this.posting(P.mileageBucket, this.mileageBucket[slot]), slot);
    for (let w = 0; w < this.featX.words.length; w++) this.#postBits(P.features, w, this.featureWord(slot, w), slot, flip);
    for (let w = 0; w < this.pkg.words.length; w++) this.#postBits(P.packages, w, this.pkg.words[w][slot], slot, flip);
    for (let w = 0; w < this.hs.words.length; w++) this.#postBits(P.homeServices, w, this.hs.words[w][slot], slot, flip);
    for (let w = 0; w < this.hist.words.length; w++) this.#postBits(P.history, w, this.hist.words[w][slot], slot, flip);
  }

  #postBits(list: Uint32Array[], word: number, bits: number, slot: number, flip: (words: Uint32Array, i: number) => void): void {
    let m = bits >>> 0;
    while (m !== 0) {
      const low = m & -m;
      flip(this.posting(list, word * 32 + 31 - Math.clz32(low)), slot);
      m = (m ^ low) >>> 0;
    }
  }

  #rebuildPostings(): void {
    this.liveBits = new Uint32Array(this.bitWords);
    for (const list of Object.values(this.post)) list.length = 0;
    for (let i = 0; i < this.n; i++) if (this.slotApp[i] !== 0) this.#postSlot(i, true);
  }

  // Re-clustering ----------------------------------------------------------------------------

  /** Rewrites the slots in config order without tombstones, and recomputes config bases. */
  recluster(): void {
    const n = this.n;
    const nCfg = this.nCfg;
    const counts = new Int32Array(nCfg + 1);
    let live = 0;
    for (let i = 0; i < n; i++) {
      if (this.slotApp[i] === 0) continue;
      counts[this.slotCfg[i] + 1]++;
      live++;
    }
    for (let c = 0; c < nCfg; c++) counts[c + 1] += counts[c];
    const start = counts.slice(0, nCfg);
    const order = new Int32Array(live);
    const cursor = counts;
    // Within a config, slots go in grid-cell order: a location search then finds its slots of
    // one config side by side (fewer cache lines) rather than spread over the config's range.
    let liveSlots: Int32Array = new Int32Array(live);
    for (let i = 0, k = 0; i < n; i++) if (this.slotApp[i] !== 0) liveSlots[k++] = i;
    liveSlots = radixSort(liveSlots, this.cell, 2, 0);
    for (let k = 0; k < live; k++) {
      const i = liveSlots[k];
      order[cursor[this.slotCfg[i]]++] = i;
    }
    // Full feature sets in the new order, then the per-config intersection.
    const fw = Math.max(this.featX.words.length, this.features.words);
    const full: Uint32Array[] = [];
    for (let w = 0; w < fw; w++) {
      const out = new Uint32Array(live);
      for (let k = 0; k < live; k++) out[k] = this.featureWord(order[k], w);
      full.push(out);
    }
    const cap = Math.max(1024, Math.ceil(live * 1.1));
    const permute = <T extends Typed>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(cap);
      for (let k = 0; k < live; k++) b[k] = a[order[k]];
      return b;
    };
    this.id = permute(this.id);
    this.slotCfg = permute(this.slotCfg);
    this.slotApp = permute(this.slotApp);
    this.owner = permute(this.owner);
    this.price = permute(this.price);
    this.mileage = permute(this.mileage);
    this.dateListed = permute(this.dateListed);
    this.lat = permute(this.lat);
    this.lon = permute(this.lon);
    this.cell = permute(this.cell);
    this.priceBucket = permute(this.priceBucket);
    this.mileageBucket = permute(this.mileageBucket);
    this.small = permute(this.small);
    this.pkg.words = this.pkg.words.map(permute);
    this.hs.words = this.hs.words.map(permute);
    this.hist.words = this.hist.words.map(permute);
    this.cap = cap;
    this.n = live;
    this.sortedEnd = live;
    this.tombstones = 0;
    const base = Array.from({ length: fw }, () => new Uint32Array(this.cfgCap));
    this.featX.words = Array.from({ length: fw }, () => new Uint32Array(cap));
    for (let c = 0; c < nCfg; c++) {
      const s = start[c];
      const e = cursor[c];
      this.cfgStart[c] = s;
      this.cfgEnd[c] = e;
      this.cfgLiveSorted[c] = e - s;
      for (let w = 0; w < fw; w++) {
        const f = full[w];
        let b = e > s ? 0xffffffff : 0;
        for (let k = s; k < e; k++) b &= f[k];
        base[w][c] = b >>> 0;
        const x = this.featX.words[w];
        for (let k = s; k < e; k++) x[k] = f[k] & ~b;
      }
    }
    this.cfgBase = base;
    this.slotExtras = new Int32Array(cap);
    this.#extrasIds.clear();
    this.nExtras = 0;
    for (let k = 0; k < live; k++) this.slotExtras[k] = this.#extrasIdOf(k);
    for (let k = 0; k < live; k++) this.slotOf.set(this.id[k], k);
    this.bitWords = wordsFor(cap);
    for (let k = 0; k < live; k++) this.#writeSmall(k);
    this.#rebuildPostings();
    this.#buildOrders();
    this.#buildCells();
  }

  #buildCells(): void {
    const n = this.n;
    const all = new Int32Array(n);
    for (let i = 0; i < n; i++) all[i] = i;
    const bySlot = radixSort(all, this.cell, 2, 0);
    const keys: number[] = [];
    const starts: number[] = [];
    let last = -1;
    for (let k = 0; k < n; k++) {
      const c = this.cell[bySlot[k]];
      if (c !== last) {
        keys.push(c);
        starts.push(k);
        last = c;
      }
    }
    starts.push(n);
    this.cellKeys = Int32Array.from(keys);
    this.cellStarts = Int32Array.from(starts);
    this.cellSlots = bySlot;
  }

  /** Index of `cell` in cellKeys, or -1. */
  cellIndex(cell: number): number {
    const keys = this.cellKeys;
    let lo = 0;
    let hi = keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const k = keys[mid];
      if (k === cell) return mid;
      if (k < cell) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  #buildOrders(): void {
    const n = this.n;
    // Ties go to the lower listing id: sort by id first, then stably by each key.
    const byId = radixSort(identity(n), this.id, 2, 0);
    const prices = this.price;
    let priceExact = true;
    for (let i = 0; i < n; i++) if (!Number.isInteger(prices[i]) || prices[i] < 0 || prices[i] >= 2 ** 48) priceExact = false;
    let minDate = Infinity;
    for (let i = 0; i < n; i++) if (this.dateListed[i] < minDate) minDate = this.dateListed[i];
    const years = new Float64Array(n);
    for (let i = 0; i < n; i++) years[i] = this.cfg.year[this.slotCfg[i]];
    const price = priceExact ? radixSort(byId, prices, 3, 0) : byId;
    const date = radixSort(byId, this.dateListed, 3, Number.isFinite(minDate) ? minDate : 0);
    const mileage = radixSort(byId, this.mileage, 2, minOf(this.mileage, n));
    const year = radixSort(byId, years, 1, 0);
    this.orders = { price, date, mileage, year, priceExact, fuel: priceExact ? this.#fuelOrder(price) : null };
    this.dirtyBits = new Uint32Array(this.bitWords);
    this.dirtyList = [];
    this.dirtyKeys.clear();
  }

  /** The price order regrouped by monthly fuel cost (stable: (price, id) within a group). */
  #fuelOrder(price: Int32Array): { slots: Int32Array; fm: Int32Array; starts: Int32Array } {
    const n = price.length;
    const fmOf = this.cfgFuelMonthly;
    const values = new Set<number>();
    for (let c = 0; c < this.nCfg; c++) if (this.cfgLiveSorted[c] > 0) values.add(fmOf[c]);
    // Ascending, the cars without a fuel cost (-1) last.
    const fm = Int32Array.from([...values].sort((a, b) => (a < 0 ? 1 : b < 0 ? -1 : a - b)));
    const groupOf = new Map<number, number>();
    fm.forEach((v, g) => groupOf.set(v, g));
    const cfgGroup = new Int32Array(this.nCfg);
    for (let c = 0; c < this.nCfg; c++) cfgGroup[c] = groupOf.get(fmOf[c]) ?? 0;
    const starts = new Int32Array(fm.length + 1);
    for (let k = 0; k < n; k++) starts[cfgGroup[this.slotCfg[price[k]]] + 1]++;
    for (let g = 0; g < fm.length; g++) starts[g + 1] += starts[g];
    const cursor = starts.slice(0, fm.length);
    const slots = new Int32Array(n);
    for (let k = 0; k < n; k++) {
      const s = price[k];
      slots[cursor[cfgGroup[this.slotCfg[s]]]++] = s;
    }
    return { slots, fm, starts };
  }

  // Growth -----------------------------------------------------------------------------------

  #growSlots(cap: number): void {
    this.id = grown(this.id, cap);
    this.slotCfg = grown(this.slotCfg, cap);
    this.slotApp = grown(this.slotApp, cap);
    this.owner = grown(this.owner, cap);
    this.price = grown(this.price, cap);
    this.mileage = grown(this.mileage, cap);
    this.dateListed = grown(this.dateListed, cap);
    this.lat = grown(this.lat, cap);
    this.lon = grown(this.lon, cap);
    this.cell = grown(this.cell, cap);
    this.priceBucket = grown(this.priceBucket, cap);
    this.mileageBucket = grown(this.mileageBucket, cap);
    this.small = grown(this.small, cap);
    this.slotExtras = grown(this.slotExtras, cap);
    this.featX.grow(cap);
    this.pkg.grow(cap);
    this.hs.grow(cap);
    this.hist.grow(cap);
    this.cap = cap;
    this.bitWords = wordsFor(cap);
    this.liveBits = grown(this.liveBits, this.bitWords);
    for (const list of Object.values(this.post)) for (let k = 0; k < list.length; k++) if (list[k]) list[k] = grown(list[k], this.bitWords);
  }

  #growConfigs(cap: number): void {
    for (const a of CFG_ATTRS) this.cfg[a] = grown(this.cfg[a], cap);
    this.cfgMpgReach = grown(this.cfgMpgReach, cap);
    this.cfgRangeReach = grown(this.cfgRangeReach, cap);
    this.cfgFuelMonthly = grown(this.cfgFuelMonthly, cap);
    this.cfgStart = grown(this.cfgStart, cap);
    this.cfgEnd = grown(this.cfgEnd, cap);
    this.cfgLive = grown(this.cfgLive, cap);
    this.cfgLiveSorted = grown(this.cfgLiveSorted, cap);
    this.cfgBase = this.cfgBase.map((w) => grown(w, cap));
    this.cfgCap = cap;
    for (const t of this.totals) if (t) t.cfg = grown(t.cfg, cap);
  }

  #growAppearances(cap: number): void {
    for (const a of APP_ATTRS) this.app[a] = grown(this.app[a], cap);
    this.appLive = grown(this.appLive, cap);
    this.appCap = cap;
  }

  // Introspection ----------------------------------------------------------------------------

  /** Bytes held in typed arrays (the index's memory, give or take the dictionaries). */
  bytes(): number {
    let b = 0;
    const add = (a: Typed) => (b += a.byteLength);
    [
      this.id,
      this.slotCfg,
      this.slotApp,
      this.owner,
      this.price,
      this.mileage,
      this.dateListed,
      this.lat,
      this.lon,
      this.cell,
      this.priceBucket,
      this.mileageBucket,
      this.small,
      this.slotExtras,
    ].forEach(add);
    this.extrasWords.forEach(add);
    b += this.#extrasIds.size * 40;
    b += this.featX.bytes() + this.pkg.bytes() + this.hs.bytes() + this.hist.bytes();
    for (const a of CFG_ATTRS) add(this.cfg[a]);
    for (const a of APP_ATTRS) add(this.app[a]);
    [
      this.cfgMpgReach,
      this.cfgRangeReach,
      this.cfgFuelMonthly,
      this.cfgStart,
      this.cfgEnd,
      this.cfgLive,
      this.cfgLiveSorted,
      this.appLive,
      this.modelMake,
    ].forEach(add);
    if (this.orders) {
      const o = this.orders;
      [o.price, o.date, o.mileage, o.year].forEach(add);
      if (o.fuel) [o.fuel.slots, o.fuel.fm, o.fuel.starts].forEach(add);
      b += this.dirtyKeys.size * 60;
    }
    {
      [this.cellKeys, this.cellStarts, this.cellSlots].forEach(add);
    }
    b += this.dirtyBits.byteLength;
    this.cfgBase.forEach(add);
    for (const t of this.totals) if (t) [t.cfg, t.price, t.mileage, t.features, t.packages, t.homeServices, t.history].forEach(add);
    b += this.slotOf.bytes();
    b += this.liveBits.byteLength;
    for (const list of Object.values(this.post)) for (const p of list) if (p) b += p.byteLength;
    for (const sc of this.#scratch) if (sc) b += sc.byteLength;
    for (const l of this.#lists) if (l) b += l.byteLength;
    b += this.#keys.byteLength;
    // Dictionary keys (config and appearance tuples) as strings, roughly.
    b += (this.cfgIds.size + this.appIds.size) * 100;
    return b;
  }

  stats(): IndexStats {
    return {
      live: this.live,
      slots: this.n,
      sorted: this.sortedEnd,
      overflow: this.n - this.sortedEnd,
      tombstones: this.tombstones,
      configs: this.nCfg,
      appearances: this.nApp - 1,
      bytes: this.bytes(),
      version: this.version,
    };
  }
}

function minOf(values: ArrayLike<number>, n: number): number {
  let m = 0;
  for (let i = 0; i < n; i++) if (values[i] < m) m = values[i];
  return m;
}

function identity(n: number): Int32Array {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

/**
 * Stable LSD radix sort of `order` (slots) by non-negative whole keys (key - offset), 16 bits
 * per pass, as many passes as the largest key needs (at most `passes`). Returns a new array.
 */
function radixSort(order: Int32Array, keys: ArrayLike<number>, passes: number, offset: number): Int32Array {
  const n = order.length;
  // Keys of the slots in `order` position, as plain non-negative doubles.
  let k0 = new Float64Array(n);
  let max = 0;
  for (let k = 0; k < n; k++) {
    const v = keys[order[k]] - offset;
    k0[k] = v;
    if (v > max) max = v;
  }
  const needed = Math.max(1, Math.min(passes, Math.ceil(Math.log2(max + 1) / 16)));
  let src = Int32Array.from(order);
  let dst = new Int32Array(n);
  let k1 = new Float64Array(n);
  const counts = new Int32Array(65537);
  for (let pass = 0; pass < needed; pass++) {
    const div = 2 ** (16 * pass);
    counts.fill(0);
    for (let k = 0; k < n; k++) counts[(Math.floor(k0[k] / div) & 65535) + 1]++;
    for (let d = 0; d < 65536; d++) counts[d + 1] += counts[d];
    for (let k = 0; k < n; k++) {
      const v = k0[k];
      const at = counts[Math.floor(v / div) & 65535]++;
      dst[at] = src[k];
      k1[at] = v;
    }
    const t = src;
    src = dst;
    dst = t;
    const tk = k0;
    k0 = k1;
    k1 = tk;
  }
  return src;
}

function addBits(counts: Int32Array, word: number, bits: number, sign: number): Int32Array {
  if (bits === 0) return counts;
  if (counts.length < (word + 1) * 32) counts = grown(counts, (word + 1) * 32);
  let m = bits >>> 0;
  while (m !== 0) {
    const low = m & -m;
    counts[word * 32 + 31 - Math.clz32(low)] += sign;
    m = (m ^ low) >>> 0;
  }
  return counts;
}
