// Rows as typed arrays: the listing index consumes "packed" rows, so reading and parsing (the
// expensive part of a load) can happen on a worker thread and travel back as transferable
// buffers. Code lists (",A,B,") become bitmasks here; configuration and appearance tuples
// become indexes into small key tables.
import { COL, type IndexRow } from "./rows.server.ts";

/** Codes of a multi-valued column (",A,B,") -> bit positions. */
export class BitDict {
  readonly codes: string[] = [];
  readonly ids = new Map<string, number>();
  /** FNV-1a hash of a code -> bit, so parsing needs no substring per code (checked on use). */
  readonly byHash = new Map<number, number>();
  bit(code: string): number {
    let i = this.ids.get(code);
    if (i === undefined) {
      i = this.codes.length;
      this.codes.push(code);
      this.ids.set(code, i);
      const h = hashSpan(code, 0, code.length);
      if (!this.byHash.has(h)) this.byHash.set(h, i);
    }
    return i;
  }
  get words(): number {
    return Math.max(1, Math.ceil(this.codes.length / 32));
  }
}

function hashSpan(s: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Sets the bits of a ",A,B," code list into `out` (grown when a code needs another word). */
export function parseInto(dict: BitDict, value: unknown, out: Uint32Array): Uint32Array {
  out.fill(0);
  if (typeof value !== "string" || value.length === 0) return out;
  const len = value.length;
  let start = value.charCodeAt(0) === 44 ? 1 : 0;
  while (start < len) {
    let end = start;
    let h = 0x811c9dc5;
    for (; end < len; end++) {
      const ch = value.charCodeAt(end);
      if (ch === 44) break;
      h = Math.imul(h ^ ch, 0x01000193);
    }
    if (end > start) {
      // A 32-bit hash plus the length and first character identify one of a few dozen codes.
      let bit = dict.byHash.get(h >>> 0) ?? -1;
      if (bit >= 0) {
        const code = dict.codes[bit];
        if (code.length !== end - start || code.charCodeAt(0) !== value.charCodeAt(start)) bit = -1;
      }
      if (bit < 0) bit = dict.bit(value.slice(start, end));
      if (bit >>> 5 >= out.length) {
        const bigger = new Uint32Array((bit >>> 5) + 2);
        bigger.set(out);
        out = bigger;
      }
      out[bit >>> 5] |= 1 << (bit & 31);
    }
    start = end + 1;
  }
  return out;
}

export interface PackedBits {
  /** Words per row. */
  words: number;
  bits: Uint32Array;
  /** The code of each bit position. */
  codes: string[];
}

export interface PackedRows {
  n: number;
  id: Int32Array;
  owner: Int32Array;
  /** 1 when status = 'active'. */
  active: Uint8Array;
  /** Index into cfgKeys / appKeys. */
  cfgKey: Int32Array;
  appKey: Int32Array;
  cfgKeys: string[];
  appKeys: string[];
  mileage: Int32Array;
  price: Float64Array;
  dateListed: Float64Array;
  updatedAt: Float64Array;
  lat: Float64Array;
  lon: Float64Array;
  features: PackedBits;
  packages: PackedBits;
  homeServices: PackedBits;
  history: PackedBits;
}

export interface PackDicts {
  features: BitDict;
  packages: BitDict;
  homeServices: BitDict;
  history: BitDict;
}

/** The buffers of a packed batch, for postMessage's transfer list. */
export function transferables(p: PackedRows): ArrayBuffer[] {
  return [
    p.id,
    p.owner,
    p.active,
    p.cfgKey,
    p.appKey,
    p.mileage,
    p.price,
    p.dateListed,
    p.updatedAt,
    p.lat,
    p.lon,
    p.features.bits,
    p.packages.bits,
    p.homeServices.bits,
    p.history.bits,
  ].map((a) => a.buffer as ArrayBuffer);
}

/** Packs rows (INDEX_COLUMNS order). With `dicts`, bits use those dictionaries' positions. */
export function packRows(rows: readonly IndexRow[], dicts?: PackDicts): PackedRows {
  const n = rows.length;
  const d: PackDicts = dicts ?? { features: new BitDict(), packages: new BitDict(), homeServices: new BitDict(), history: new BitDict() };
  const cfgIndex = new Map<string, number>();
  const appIndex = new Map<string, number>();
  const cfgKeys: string[] = [];
  const appKeys: string[] = [];
  const out = {
    n,
    id: new Int32Array(n),
    owner: new Int32Array(n),
    active: new Uint8Array(n),
    cfgKey: new Int32Array(n),
    appKey: new Int32Array(n),
    mileage: new Int32Array(n),
    price: new Float64Array(n),
    dateListed: new Float64Array(n),
    updatedAt: new Float64Array(n),
    lat: new Float64Array(n),
    lon: new Float64Array(n),
  };
  // Bits are parsed into scratch, then stored at the dictionary's width (widened if it grows).
  const feat = new BitsBuilder(n, Math.max(2, d.features.words));
  const pkg = new BitsBuilder(n, d.packages.words);
  const hs = new BitsBuilder(n, d.homeServices.words);
  const hist = new BitsBuilder(n, d.history.words);
  let buf: Uint32Array = new Uint32Array(4);
  for (let k = 0; k < n; k++) {
    const row = rows[k];
    out.id[k] = Number(row[COL.id]);
    out.owner[k] = Number(row[COL.owner]);
    out.active[k] = row[COL.status] === "active" ? 1 : 0;
    const ck = String(row[COL.configKey]);
    let ci = cfgIndex.get(ck);
    if (ci === undefined) {
      ci = cfgKeys.length;
      cfgKeys.push(ck);
      cfgIndex.set(ck, ci);
    }
    out.cfgKey[k] = ci;
    const ak = String(row[COL.appearanceKey]);
    let ai = appIndex.get(ak);
    if (ai === undefined) {
      ai = appKeys.length;
      appKeys.push(ak);
      appIndex.set(ak, ai);
    }
    out.appKey[k] = ai;
    out.mileage[k] = Number(row[COL.mileage]) | 0;
    out.price[k] = Number(row[COL.price]);
    out.dateListed[k] = Number(row[COL.dateListed]);
    out.updatedAt[k] = Number(row[COL.updatedAt]);
    out.lat[k] = Number(row[COL.lat]);
    out.lon[k] = Number(row[COL.lon]);
    buf = parseInto(d.features, row[COL.features], buf);
    feat.put(k, buf, d.features.words);
    buf = parseInto(d.packages, row[COL.packages], buf);
    pkg.put(k, buf, d.packages.words);
    buf = parseInto(d.homeServices, row[COL.homeServices], buf);
    hs.put(k, buf, d.homeServices.words);
    buf = parseInto(d.history, row[COL.history], buf);
    hist.put(k, buf, d.history.words);
  }
  return {
    ...out,
    cfgKeys,
    appKeys,
    features: feat.done(d.features),
    packages: pkg.done(d.packages),
    homeServices: hs.done(d.homeServices),
    history: hist.done(d.history),
  };
}

class BitsBuilder {
  readonly n: number;
  words: number;
  bits: Uint32Array;
  constructor(n: number, words: number) {
    this.n = n;
    this.words = Math.max(1, words);
    this.bits = new Uint32Array(n * this.words);
  }
  put(k: number, buf: Uint32Array, dictWords: number): void {
    if (dictWords > this.words) {
      const wider = new Uint32Array(this.n * dictWords);
      for (let j = 0; j < k; j++) for (let w = 0; w < this.words; w++) wider[j * dictWords + w] = this.bits[j * this.words + w];
      this.bits = wider;
      this.words = dictWords;
    }
    const base = k * this.words;
    for (let w = 0; w < this.words; w++) this.bits[base + w] = buf[w] ?? 0;
  }
  done(dict: BitDict): PackedBits {
    return { words: this.words, bits: this.bits, codes: dict.codes.slice() };
  }
}
