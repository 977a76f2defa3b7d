// "Compare {make} {model} Trims" (docs/compare.md): the trims table when the query names a make
// and model (404 when the catalogue has no such model), else the make and model picker. The
// catalogue queries are app/server/compare/trims.server.ts; this is the page's orchestration.
import { data } from "react-router";
import { categoryUrl } from "../../lib/search-url.ts";
import type { AppContext, ShopperContext } from "../../server/http/request-context.server.ts";
import { getSearchUrlContext } from "../../server/services/url-context.server.ts";
import { loadCompareTrims, loadTrimPicker, parseCompareTrimsQuery } from "../../server/compare/trims.server.ts";

export async function loadCompareTrimsPage(url: URL, app: AppContext, shopper: ShopperContext) {
  const q = parseCompareTrimsQuery(url.searchParams);
  q.zip ??= shopper.userZip;
  if (q.makeCode && q.modelCode) {
    const trims = await loadCompareTrims(app.db, q);
    if (!trims) throw data(null, { status: 404, statusText: "Not Found" });
    const ctx = await getSearchUrlContext();
    const resultsHref = categoryUrl({ condition: "all", makeCode: trims.makeCode, modelCode: trims.modelCode }, ctx);
    return { kind: "trims" as const, trims, resultsHref };
  }
  return { kind: "picker" as const, picker: await loadTrimPicker(app.db, q.makeCode) };
}
