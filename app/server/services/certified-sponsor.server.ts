// The certified-sponsor content fetch (docs/services.md): productId (a listing's certifiedProduct)
// -> the program's sponsor content. We hold one program's content, the branded program as it is
// defined in app/lib/constants.ts (BRAND_CERTIFIED_PROGRAM): its name, summary and rules, nothing
// more. Any other product answers `content: null` (an answer, not a failure). Served in-process or
// as GET /content/static/json/atc/cpo/sponsorcontent.json; the vehicle page calls it through the
// breaker layer (app/server/services/calls.server.ts), where a failure is logged only.
import { HookedFailure } from "./test-hooks.server.ts";
import { z } from "zod";
import { certifiedSponsorContent, type CertifiedSponsorContent } from "../../lib/trust-signals.ts";
import { getEnv } from "../env.server.ts";
import { currentRequest } from "../observability/context.server.ts";

export const CERTIFIED_SPONSOR_PATH = "/content/static/json/atc/cpo/sponsorcontent.json";

export interface CertifiedSponsorAnswer {
  productId: string | null;
  content: CertifiedSponsorContent | null;
}

const productIdParam = z.string().trim().min(1).max(80);

/**
 * The test hook (E2E_FAIL_CERTIFIED_SPONSOR_VISITOR, browser journeys only): the fetch fails for
 * this visitor's requests (the fc_vid cookie), so one journey sees a branded-program car's page
 * stand without the sponsor block while every other visitor gets it.
 */
function failOnPurpose(): void {
  const failFor = getEnv().E2E_FAIL_CERTIFIED_SPONSOR_VISITOR;
  if (failFor && currentRequest()?.visitor === failFor) {
    throw new HookedFailure("certified-sponsor content failed on purpose (E2E_FAIL_CERTIFIED_SPONSOR_VISITOR)");
  }
}

export async function certifiedSponsorService(url: URL): Promise<CertifiedSponsorAnswer> {
  const id = productIdParam.safeParse(url.searchParams.get("productId"));
  if (!id.success) return { productId: null, content: null };
  failOnPurpose();
  return { productId: id.data, content: certifiedSponsorContent(id.data) };
}
