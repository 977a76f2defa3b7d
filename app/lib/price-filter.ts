// The Price filter's input rules (docs/search-urls.md): "Price inputs: digits only, at most 10
// characters, dollar prefix and thousands separators, no decimals. Placeholders 'Ex:10,000' and
// 'Ex:20,000'. Errors: 'Min and Max price cannot be the same.'; 'Max price must be greater than
// Min price.'; 'Max price must be greater than 0.'. On error the field is cleared."
//
// Pure, shared by the results page's loader (which checks the raw minPrice / maxPrice of the
// request BEFORE the URL module normalises them: the URL module swaps a reversed pair silently,
// the page must say so instead) and by the browser.
import { PRICE_INPUT, TEXT } from "./constants.ts";
import { formatInt } from "./format.ts";

export type PriceField = "minPrice" | "maxPrice";

export interface PriceCheck {
  /** Digits only (no `$`, separators or decimals), at most PRICE_INPUT.maxLength; "" when empty. */
  min: string;
  max: string;
  /** One of the spec's three messages, the too-long message, or null. */
  error: string | null;
  /** The field the error clears (the max, or the min when only the min is too long). */
  cleared: PriceField | null;
  /** The digits differ from what was sent (e.g. "$10,000" -> "10000"). */
  changed: boolean;
}

/**
 * Digits of a typed price: `$`, separators and spaces go, a decimal part is dropped ("no
 * decimals"), any other character is ignored ("digits only"). Leading zeros are dropped ("007"
 * is 7; "0" stays "0"). More than PRICE_INPUT.maxLength digits is not cut: `checkPriceParams`
 * refuses it with a message, rather than searching for a price nobody typed.
 */
export function priceDigits(raw: string | null | undefined): string {
  if (typeof raw !== "string") return "";
  const whole = raw.split(".")[0];
  const digits = whole.replace(/\D+/g, "");
  return digits === "" ? "" : digits.replace(/^0+(?=\d)/, "");
}

/** The message for a min / max pair of digit strings, or null. Empty strings mean no bound. */
export function priceRangeError(min: string, max: string): string | null {
  if (max === "") return null;
  const hi = Number(max);
  if (hi <= 0) return TEXT.priceMaxZero;
  if (min === "") return null;
  const lo = Number(min);
  if (lo === hi) return TEXT.priceSame;
  if (hi < lo) return TEXT.priceMaxLessThanMin;
  return null;
}

/** Checks the raw `minPrice` / `maxPrice` values of a request (first values; null when absent). */
export function checkPriceParams(rawMin: string | null | undefined, rawMax: string | null | undefined): PriceCheck {
  const min = priceDigits(rawMin);
  const max = priceDigits(rawMax);
  // "digits only, at most 10 characters": a longer price is cleared with its message.
  const long = (d: string) => d.length > PRICE_INPUT.maxLength;
  if (long(max)) return { min: long(min) ? "" : min, max: "", error: TEXT.priceTooLong, cleared: "maxPrice", changed: true };
  if (long(min)) return { min: "", max, error: TEXT.priceTooLong, cleared: "minPrice", changed: true };
  const error = priceRangeError(min, max);
  const changed = min !== (rawMin ?? "").trim() || max !== (rawMax ?? "").trim();
  return { min, max: error ? "" : max, error, cleared: error ? "maxPrice" : null, changed };
}

/** A price for the input: thousands separators, no `$` (the field shows it as a prefix). */
export function formatPriceInput(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const n = typeof value === "number" ? value : Number(priceDigits(value));
  if (!Number.isFinite(n)) return "";
  return formatInt(Math.trunc(n));
}
