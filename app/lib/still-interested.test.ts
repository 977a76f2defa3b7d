import { describe, expect, it } from "vitest";
import { NUMVIEWED_OVER, STILL_INTERESTED_MAX, STILL_INTERESTED_VIEW_DAYS, STILL_INTERESTED_WINDOW_MS, numViewedLabel } from "./still-interested";

describe("'Still interested?' rules", () => {
  it("labels a car's views only over 3 (numviewed), with the 7-day window in the words", () => {
    expect(NUMVIEWED_OVER).toBe(3);
    for (const n of [0, 1, 2, 3]) expect(numViewedLabel(n)).toBeNull();
    expect(numViewedLabel(4)).toBe("Viewed 4 times in the last 7 days");
    expect(numViewedLabel(1234)).toBe("Viewed 1,234 times in the last 7 days");
  });

  it("asks about at most 10 cars viewed in the last 7 days", () => {
    expect(STILL_INTERESTED_MAX).toBe(10);
    expect(STILL_INTERESTED_VIEW_DAYS).toBe(7);
    expect(STILL_INTERESTED_WINDOW_MS).toBe(7 * 24 * 60 * 60 * 1000);
  });
});
