import { describe, expect, it } from "vitest";
import { MODEL_CLARIFICATION, MODEL_CODE_PATTERN, modelCodeOf, withCode } from "./model-clarification.ts";

describe("model clarification codes", () => {
  it("keeps MAKE|MODEL codes, most recent last, without repeats", () => {
    expect(modelCodeOf("TOYOTA", "RAV4")).toBe("TOYOTA|RAV4");
    expect(withCode(["TOYOTA|RAV4", "HONDA|CIVIC"], "TOYOTA|RAV4")).toEqual(["HONDA|CIVIC", "TOYOTA|RAV4"]);
  });

  it("keeps at most maxCodes, dropping the oldest", () => {
    const many = Array.from({ length: MODEL_CLARIFICATION.maxCodes }, (_, i) => `MAKE|M${i}`);
    const next = withCode(many, "MAKE|NEW");
    expect(next).toHaveLength(MODEL_CLARIFICATION.maxCodes);
    expect(next[0]).toBe("MAKE|M1");
    expect(next.at(-1)).toBe("MAKE|NEW");
  });

  it("accepts only code-shaped values", () => {
    expect(MODEL_CODE_PATTERN.test("TOYOTA|RAV4")).toBe(true);
    expect(MODEL_CODE_PATTERN.test("LAND_ROVER|Range Rover")).toBe(true);
    for (const bad of ["", "TOYOTA", "toyota|rav4", "TOYOTA|<script>", "A|B|C", `TOYOTA|${"x".repeat(61)}`])
      expect(MODEL_CODE_PATTERN.test(bad), bad).toBe(false);
  });
});
