// Resource route: generated vehicle pictures, e.g. /images/vehicles/suvcross-red-0.svg.
// Registered in app/routes.ts as route("images/vehicles/:file", "routes/vehicle-image.ts").
import { parseVehicleImageFile, renderVehicleSvg } from "../lib/vehicle-image.ts";

/** Rendered SVGs by file name. Bounded: only the 9 × 13 × 4 valid names are ever stored. */
const rendered = new Map<string, string>();

export async function loader({ params }: { params: { file?: string } }): Promise<Response> {
  const file = params.file ?? "";
  const parsed = parseVehicleImageFile(file);
  if (!parsed) return new Response("Not found", { status: 404 });
  let svg = rendered.get(file);
  if (svg === undefined) {
    svg = renderVehicleSvg(parsed);
    rendered.set(file, svg);
  }
  return new Response(svg, {
    status: 200,
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
