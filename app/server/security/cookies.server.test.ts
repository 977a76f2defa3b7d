import { describe, expect, it } from "vitest";
import { SPEC_COOKIES, attributionLabel, serializePlainCookie, userZipFromCookie } from "./cookies.server.ts";
import { specCookiesFor } from "../http/spec-cookies.server.ts";

describe("userZipFromCookie", () => {
  it("reads a real ZIP from ATC_USER_ZIP, plain or quoted, and nothing else", () => {
    expect(userZipFromCookie("a=1; ATC_USER_ZIP=30301")).toBe("30301");
    expect(userZipFromCookie('ATC_USER_ZIP="10001"')).toBe("10001");
    expect(userZipFromCookie("ATC_USER_ZIP=00000")).toBeUndefined();
    expect(userZipFromCookie("ATC_USER_ZIP=abcde")).toBeUndefined();
    expect(userZipFromCookie("OTHER=30301")).toBeUndefined();
    expect(userZipFromCookie(null)).toBeUndefined();
  });
});

describe("the spec's campaign cookies", () => {
  it("say what brought the shopper: the campaign channel first, then the partner site, then the marketing id", () => {
    expect(attributionLabel("camp_channel=Email; psid=p1; siomid=s1")).toBe("channel:email");
    expect(attributionLabel("psid=p1; siomid=s1")).toBe("psid:p1");
    expect(attributionLabel("siomid=s1")).toBe("siomid:s1");
    expect(attributionLabel("psid=<script>")).toBe("direct");
    expect(attributionLabel(null)).toBe("direct");
  });

  it("are written with the spec's max-ages, HttpOnly and SameSite=Lax, and cleared with Max-Age=0", () => {
    expect(serializePlainCookie(SPEC_COOKIES.psid, "p1")).toBe("psid=p1; Path=/; Max-Age=1800; SameSite=Lax; HttpOnly");
    expect(serializePlainCookie(SPEC_COOKIES.siomid, "s1")).toContain("Max-Age=1800;");
    expect(serializePlainCookie(SPEC_COOKIES.campChannel, "email")).toContain("camp_channel=email; Path=/; Max-Age=604800;");
    expect(serializePlainCookie(SPEC_COOKIES.userZip, null)).toBe("ATC_USER_ZIP=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly");
  });
});

describe("specCookiesFor (the arrival address)", () => {
  const q = (s: string) => new URLSearchParams(s);
  it("stores a real ZIP searched for, the campaign values, and nothing malformed", () => {
    const set = specCookiesFor("/cars-for-sale/used", q("zip=30301&psid=partner-7&utm_medium=email&siomid=bad%20value"), null);
    expect(set.map((c) => c.split(";")[0])).toEqual(["psid=partner-7", "camp_channel=email", "ATC_USER_ZIP=30301"]);
    expect(specCookiesFor("/cars-for-sale/used", q("zip=00000"), null)).toEqual([]);
    expect(specCookiesFor("/cars-for-sale/used", q("zip=30301"), "ATC_USER_ZIP=30301")).toEqual([]);
  });

  it("clears the ZIP when the shopper empties the search's ZIP box, and leaves JSON services and files alone", () => {
    expect(specCookiesFor("/cars-for-sale/used", q("zip="), "ATC_USER_ZIP=30301")).toEqual([serializePlainCookie(SPEC_COOKIES.userZip, null)]);
    expect(specCookiesFor("/compare", q("zip="), "ATC_USER_ZIP=30301")).toEqual([]);
    expect(specCookiesFor("/rest/lsc/listing", q("zip=30301&psid=p"), null)).toEqual([]);
    expect(specCookiesFor("/assets/app.js", q("psid=p"), null)).toEqual([]);
  });
});
