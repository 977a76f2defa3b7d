// Every icon name has its drawing in app.css (a `.i-{name}` rule with its mask image), and every
// drawing there has a name here: the names live in icons.tsx, the paths in the stylesheet.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "./icons";

const css = readFileSync(path.join(import.meta.dirname, "../../app.css"), "utf8");

describe("icons", () => {
  it("each name has a .i-{name} rule with a data: mask image, and app.css draws no other", () => {
    const drawn = [...css.matchAll(/^\s*\.i-([a-z-]+)\s*\{\s*--icon:\s*url\("data:image\/svg\+xml,[^"]+"\);\s*\}/gm)].map((m) => m[1]);
    expect([...drawn].sort()).toEqual([...ICON_NAMES].sort());
  });
});
