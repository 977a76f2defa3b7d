import { describe, expect, it } from "vitest";
import { TEXT } from "./constants.ts";
import { checkPriceParams, formatPriceInput, priceDigits, priceRangeError } from "./price-filter.ts";

describe("priceDigits", () => {
  it("keeps digits only, drops $, separators, spaces and decimals", () => {
    expect(priceDigits("$10,000")).toBe("10000");
    expect(priceDigits(" 25 000 ")).toBe("25000");
    expect(priceDigits("12,499.99")).toBe("12499");
    expect(priceDigits("12abc3")).toBe("123");
    expect(priceDigits("abc")).toBe("");
    expect(priceDigits("")).toBe("");
    expect(priceDigits(null)).toBe("");
    expect(priceDigits(undefined)).toBe("");
  });
  it("keeps every digit (a longer price is refused, not cut) and drops leading zeros", () => {
    expect(priceDigits("123456789012345")).toBe("123456789012345");
    expect(priceDigits("0007")).toBe("7");
    expect(priceDigits("0")).toBe("0");
    expect(priceDigits("000")).toBe("0");
  });
});

describe("priceRangeError", () => {
  it("gives the spec's exact messages", () => {
    expect(priceRangeError("10000", "10000")).toBe("Min and Max price cannot be the same.");
    expect(priceRangeError("20000", "10000")).toBe("Max price must be greater than Min price.");
    expect(priceRangeError("", "0")).toBe("Max price must be greater than 0.");
    expect(priceRangeError("5000", "0")).toBe(TEXT.priceMaxZero);
  });
  it("accepts open and valid ranges", () => {
    expect(priceRangeError("", "")).toBeNull();
    expect(priceRangeError("10000", "")).toBeNull();
    expect(priceRangeError("", "20000")).toBeNull();
    expect(priceRangeError("0", "20000")).toBeNull();
    expect(priceRangeError("10000", "20000")).toBeNull();
  });
});

describe("checkPriceParams", () => {
  it("refuses a price of more than 10 digits with a message instead of cutting it", () => {
    expect(checkPriceParams("5000", "12345678901")).toEqual({ min: "5000", max: "", error: TEXT.priceTooLong, cleared: "maxPrice", changed: true });
    expect(checkPriceParams("12345678901", "")).toEqual({ min: "", max: "", error: TEXT.priceTooLong, cleared: "minPrice", changed: true });
    expect(checkPriceParams("", "$9,999,999,999").error).toBeNull();
  });
  it("clears the max on error and keeps the min", () => {
    expect(checkPriceParams("20,000", "10,000")).toEqual({
      min: "20000",
      max: "",
      error: TEXT.priceMaxLessThanMin,
      cleared: "maxPrice",
      changed: true,
    });
    expect(checkPriceParams("15000", "15000")).toMatchObject({ min: "15000", max: "", error: TEXT.priceSame, cleared: "maxPrice" });
    expect(checkPriceParams(null, "0")).toMatchObject({ min: "", max: "", error: TEXT.priceMaxZero, cleared: "maxPrice" });
  });
  it("reports whether the digits differ from the request", () => {
    expect(checkPriceParams("10000", "20000")).toEqual({ min: "10000", max: "20000", error: null, cleared: null, changed: false });
    expect(checkPriceParams("$10,000", null).changed).toBe(true);
    expect(checkPriceParams(null, null)).toEqual({ min: "", max: "", error: null, cleared: null, changed: false });
  });
});

describe("formatPriceInput", () => {
  it("adds thousands separators", () => {
    expect(formatPriceInput(25000)).toBe("25,000");
    expect(formatPriceInput("1234567")).toBe("1,234,567");
    expect(formatPriceInput(undefined)).toBe("");
    expect(formatPriceInput("")).toBe("");
  });
});
