// Build-and-price (docs/compare.md): the trim's configuration and dealers near the ZIP from
// app/server/compare/build-and-price.server.ts, the typed ZIP checked (a bad or unknown ZIP is
// said beside the field, the cookie's ZIP used otherwise), and a 404 with a way back to the trims
// for a trim the catalogue does not have.
import { data } from "react-router";
import { TEXT } from "../../lib/constants.ts";
import { compareTrimsHref } from "../../lib/compare.ts";
import { PATHS } from "../../lib/routes.ts";
import { loadBuildAndPrice, parseBuildQuery } from "../../server/compare/build-and-price.server.ts";
import type { AppContext, ShopperContext } from "../../server/http/request-context.server.ts";
import { checkTypedZip } from "../../server/reference/zip.server.ts";
import { getSearchUrlContext } from "../../server/services/url-context.server.ts";

export async function loadBuildAndPricePage(url: URL, app: AppContext, shopper: ShopperContext) {
  const q = parseBuildQuery(url.searchParams);
  const { typed: typedZip, error: zipError } = checkTypedZip(url.searchParams.get("zip"));
  if (zipError) q.zip = undefined;
  else q.zip ??= shopper.userZip;
  const build = await loadBuildAndPrice(app.db, q, await getSearchUrlContext());
  if (!build) {
    const back = q.makeCode && q.modelCode ? compareTrimsHref({ makeCode: q.makeCode, modelCode: q.modelCode }) : PATHS.compareTrims;
    throw data({ back }, { status: 404, statusText: "Not Found" });
  }
  const zipUnknown = q.zip !== undefined && build.zip === null;
  return {
    build,
    zipError: zipError ?? (zipUnknown ? TEXT.invalidZip : null),
    typedZip: zipError || zipUnknown ? typedZip : (build.zip?.value ?? ""),
    trimsHref: compareTrimsHref({ makeCode: build.makeCode, modelCode: build.modelCode, year: build.year }),
  };
}
