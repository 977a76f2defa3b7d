// Simple colours: codes, names and swatch colours (also the paint of the generated drawings),
// one table each for exterior and interior colours.

export interface SimpleColor {
  code: string;
  name: string;
  hex: string;
}

export const EXTERIOR_COLORS: readonly SimpleColor[] = [
  { code: "BLACK", name: "Black", hex: "#1f2226" },
  { code: "WHITE", name: "White", hex: "#f4f5f2" },
  { code: "SILVER", name: "Silver", hex: "#c3c7cc" },
  { code: "GRAY", name: "Gray", hex: "#6e7479" },
  { code: "RED", name: "Red", hex: "#b3202a" },
  { code: "BLUE", name: "Blue", hex: "#1f4f9a" },
  { code: "GREEN", name: "Green", hex: "#2f6b45" },
  { code: "BROWN", name: "Brown", hex: "#6b4a33" },
  { code: "BEIGE", name: "Beige", hex: "#d8c7a4" },
  { code: "GOLD", name: "Gold", hex: "#b8963e" },
  { code: "ORANGE", name: "Orange", hex: "#d9661f" },
  { code: "YELLOW", name: "Yellow", hex: "#e5c22e" },
  { code: "PURPLE", name: "Purple", hex: "#5b3a7a" },
];

export const INTERIOR_COLORS: readonly SimpleColor[] = [
  { code: "BLACK", name: "Black", hex: "#1f1f1f" },
  { code: "GRAY", name: "Gray", hex: "#8a8d91" },
  { code: "BEIGE", name: "Beige", hex: "#d9c9a8" },
  { code: "BROWN", name: "Brown", hex: "#6b4a35" },
  { code: "RED", name: "Red", hex: "#8e1f1f" },
  { code: "WHITE", name: "White", hex: "#efede8" },
];

/** Exterior colour code -> name. */
export const EXTERIOR_COLOR_NAMES: Record<string, string> = /* @__PURE__ */ Object.fromEntries(EXTERIOR_COLORS.map((c) => [c.code, c.name]));
/** Exterior colour code -> swatch (and paint) colour. */
export const EXTERIOR_COLOR_HEX: Record<string, string> = /* @__PURE__ */ Object.fromEntries(EXTERIOR_COLORS.map((c) => [c.code, c.hex]));
