// The URL of a generated vehicle drawing, and the codes it knows, apart from the drawing code
// itself (app/lib/vehicle-image.ts): pages that only link a drawing (the results cards) do not
// ship its geometry to the browser.

import { BODY_STYLE_NAMES } from "./body-styles.ts";
import { EXTERIOR_COLOR_HEX } from "./colors.ts";

export const VEHICLE_IMAGE_VIEWS = 4;

/** Exterior colour swatches, also used to paint the generated pictures (app/lib/colors.ts). */
export { EXTERIOR_COLOR_HEX };
/** The drawings know every body style of the catalogue (app/lib/body-styles.ts). */
export const VEHICLE_BODY_STYLE_NAMES: Record<string, string> = BODY_STYLE_NAMES;

const FALLBACK_BODY = "SEDAN";
const FALLBACK_COLOR = "SILVER";

export function normBody(code: string): string {
  const c = String(code ?? "").toUpperCase();
  return Object.hasOwn(VEHICLE_BODY_STYLE_NAMES, c) ? c : FALLBACK_BODY;
}
export function normColor(code: string): string {
  const c = String(code ?? "").toUpperCase();
  return Object.hasOwn(EXTERIOR_COLOR_HEX, c) ? c : FALLBACK_COLOR;
}
export function normView(view: number): number {
  const v = Math.trunc(Number(view));
  if (!Number.isFinite(v)) return 0;
  return ((v % VEHICLE_IMAGE_VIEWS) + VEHICLE_IMAGE_VIEWS) % VEHICLE_IMAGE_VIEWS;
}

/**
 * Public URL of a generated picture. Unknown body styles fall back to SEDAN and
 * unknown colours to SILVER (so the URL always resolves); the view wraps into 0..3.
 */
export function vehicleImagePath(bodyStyleCode: string, colorCode: string, view: number): string {
  return `/images/vehicles/${normBody(bodyStyleCode).toLowerCase()}-${normColor(colorCode).toLowerCase()}-${normView(view)}.svg`;
}
