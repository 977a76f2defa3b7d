// GET /content/static/json/atc/cpo/certifiedcontent.json: the certified program content (spec
// section 7, "structure not shown"), the same the results page's certified dialog shows
// (docs/trust-signals.md).
import { certifiedContent } from "../lib/trust-signals";

export function loader() {
  return Response.json(certifiedContent(), { headers: { "Cache-Control": "public, max-age=3600" } });
}
