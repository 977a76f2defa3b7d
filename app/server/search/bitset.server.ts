// Slot bitsets: one bit per slot in Uint32Array words. Filters become word-wise AND / OR over
// 32 slots at a time, and counting a config's slots is a popcount over its (contiguous) range.

export function wordsFor(slots: number): number {
  return (slots + 31) >>> 5;
}

export function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

export function setBit(words: Uint32Array, i: number): void {
  words[i >>> 5] |= 1 << (i & 31);
}

export function clearBit(words: Uint32Array, i: number): void {
  words[i >>> 5] &= ~(1 << (i & 31));
}

export function hasBit(words: Uint32Array, i: number): boolean {
  return (words[i >>> 5] & (1 << (i & 31))) !== 0;
}

/** Mask of bits [lo, hi) within one word (0 <= lo < hi <= 32). */
function spanMask(lo: number, hi: number): number {
  const upper = hi === 32 ? 0xffffffff : (1 << hi) - 1;
  return (upper & ~((1 << lo) - 1)) >>> 0;
}

/** Sets bits [start, end). */
export function setRange(words: Uint32Array, start: number, end: number): void {
  if (end <= start) return;
  const w0 = start >>> 5;
  const w1 = (end - 1) >>> 5;
  if (w0 === w1) {
    words[w0] |= spanMask(start & 31, ((end - 1) & 31) + 1);
    return;
  }
  words[w0] |= spanMask(start & 31, 32);
  for (let w = w0 + 1; w < w1; w++) words[w] = 0xffffffff;
  words[w1] |= spanMask(0, ((end - 1) & 31) + 1);
}

/** Number of bits set in (a & b) within [start, end). */
export function popcountAndRange(a: Uint32Array, b: Uint32Array, start: number, end: number): number {
  if (end <= start) return 0;
  const w0 = start >>> 5;
  const w1 = (end - 1) >>> 5;
  if (w0 === w1) return popcount32(a[w0] & b[w0] & spanMask(start & 31, ((end - 1) & 31) + 1));
  let n = popcount32(a[w0] & b[w0] & spanMask(start & 31, 32));
  for (let w = w0 + 1; w < w1; w++) n += popcount32(a[w] & b[w]);
  return n + popcount32(a[w1] & b[w1] & spanMask(0, ((end - 1) & 31) + 1));
}

/** dst = a | b | ... over the first `n` words (dst may be one of the inputs). */
export function orOf(dst: Uint32Array, sources: Uint32Array[], n: number): Uint32Array {
  dst.fill(0, 0, n);
  for (const s of sources) for (let w = 0; w < n; w++) dst[w] |= s[w];
  return dst;
}

export function andInto(dst: Uint32Array, src: Uint32Array, n: number): void {
  for (let w = 0; w < n; w++) dst[w] &= src[w];
}

export function copyInto(dst: Uint32Array, src: Uint32Array, n: number): void {
  dst.set(src.subarray(0, n));
}
