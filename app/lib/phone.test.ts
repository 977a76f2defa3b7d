import { describe, expect, it } from "vitest";
import { telHref } from "./phone.ts";

describe("telHref", () => {
  it("writes a US number as digits with +1, whatever the spaces, dots and parentheses", () => {
    expect(telHref("(512) 555-0100")).toBe("tel:+15125550100");
    expect(telHref("512.555.0100")).toBe("tel:+15125550100");
    expect(telHref("1 (512) 555-0100")).toBe("tel:+15125550100");
    expect(telHref("+1 512 555 0100")).toBe("tel:+15125550100");
  });

  it("keeps another country's code and refuses what cannot be dialled", () => {
    expect(telHref("+44 20 7946 0958")).toBe("tel:+442079460958");
    expect(telHref("555-01")).toBeNull();
    expect(telHref("")).toBeNull();
    expect(telHref(null)).toBeNull();
  });

  it("never leaves a space, parenthesis or letter in the link", () => {
    for (const p of ["(555) 010-0123", " 555 010 0123 ", "555-010-0123 ext"]) expect(telHref(p)).toMatch(/^tel:\+?\d+$/);
  });
});
