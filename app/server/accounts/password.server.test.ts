import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.server.ts";

describe("scrypt passwords", () => {
  it("verifies the right password only, with a per-user salt", async () => {
    const a = await hashPassword("correct-horse-42");
    const b = await hashPassword("correct-horse-42");
    expect(a).not.toBe(b);
    expect(a.startsWith("scrypt$16384$8$1$")).toBe(true);
    expect(await verifyPassword("correct-horse-42", a)).toBe(true);
    expect(await verifyPassword("correct-horse-43", a)).toBe(false);
    expect(await verifyPassword("x", "garbage")).toBe(false);
  });
});
