// GET /rest/lsc/zip/{zip}: city and state for a US ZIP; 404 'Enter a valid ZIP Code' otherwise.
import type { Route } from "./+types/rest.zip";
import { TEXT } from "../lib/constants";
import { zipService } from "../server/services/listing-service.server";

export async function loader({ params }: Route.LoaderArgs) {
  const place = zipService(params.zip ?? "");
  if (!place) return Response.json({ error: TEXT.invalidZip }, { status: 404 });
  return Response.json(place, { headers: { "Cache-Control": "public, max-age=86400" } });
}
