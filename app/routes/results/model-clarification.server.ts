// Suggested filters 'Model Name Clarification' (docs/results-page.md; app/lib/model-clarification.ts): when a
// keyword search names a model without choosing it as a filter (keyword "rav4", no model chosen),
// the page asks whether the shopper meant that make and model. The keyword's best type-ahead
// suggestion (the same ranking as the keyword box) decides: only a model asks.
// - Yes: the page's search with the suggested make and model added (paging resets);
// - No: the same results, not asked again for that model in this browser session;
// - 'Don't show me this again' (a checkbox beside Yes / No): not asked again for that model
//   for a year.
// One POST form (intent=model-clarification) does it with and without JavaScript.
import { data, redirect } from "react-router";
import { SITE_COOKIES } from "../../server/security/cookies.server.ts";
import { z } from "zod";
import { MODEL_CLARIFICATION, MODEL_CODE_PATTERN, modelCodeOf, withCode } from "../../lib/model-clarification.ts";
import {
  addFilter,
  makeName,
  modelName,
  parseSearchUrl,
  removeFilter,
  serializeSearchUrl,
  type SearchState,
  type SearchUrlContext,
} from "../../lib/search-url.ts";
import { keywordWithout } from "../../server/search/keyword.server.ts";
import type { ModelClarificationData } from "./view.ts";
import type { SearchEngine } from "../../server/search/search.server.ts";
import { getSearchPageContext } from "../../server/services/url-context.server.ts";

export const clarificationOffCookie = SITE_COOKIES.clarificationOff;
export const clarificationNoCookie = SITE_COOKIES.clarificationNo;

/**
 * Yes: the page's search with the make and model added, and without the keyword's words those
 * two now cover ("rav4" goes, "rav4 hybrid" keeps "hybrid"): the shopper is not asked again and
 * the make and model chips say what the keyword said.
 */
function yesHref(state: SearchState, makeCode: string, modelCode: string, ctx: SearchUrlContext): string {
  const withMake = state.query.makeCodes.includes(makeCode) ? state : addFilter(state, "makeCode", makeCode, ctx);
  const code = modelCodeOf(makeCode, modelCode);
  const withModel = addFilter(withMake, "modelCode", code, ctx);
  const rest = keywordWithout(state.query.keyword ?? "", [
    { names: [makeName(makeCode, ctx)], code: makeCode },
    { names: [modelName(makeCode, modelCode, ctx)], code: modelCode },
  ]);
  const target = rest ? addFilter(withModel, "keyword", rest, ctx) : removeFilter(withModel, "keyword", undefined, ctx);
  return serializeSearchUrl(target, ctx);
}

/** The question for this search, or null (no keyword, a model already chosen, or not asked again). */
export async function modelClarification(
  seen: { clarificationOff: readonly string[]; clarificationNo: readonly string[] },
  state: SearchState,
  ctx: SearchUrlContext,
  engine: Pick<SearchEngine, "suggestKeywords">,
): Promise<ModelClarificationData | null> {
  const q = state.query;
  const keyword = q.keyword?.trim() ?? "";
  if (!keyword || Object.values(q.models).some((m) => m.length > 0)) return null;
  const [top] = await engine.suggestKeywords(keyword, 1);
  if (!top || top.type !== "model" || !top.makeCode || !top.modelCode) return null;
  const code = modelCodeOf(top.makeCode, top.modelCode);
  if (!MODEL_CODE_PATTERN.test(code)) return null;
  if (seen.clarificationOff.includes(code) || seen.clarificationNo.includes(code)) return null;
  return { label: top.label, code, yesHref: yesHref(state, top.makeCode, top.modelCode, ctx) };
}

const answerSchema = z.object({
  intent: z.literal(MODEL_CLARIFICATION.intent),
  answer: z.enum(["yes", "no"]),
  code: z.string().regex(MODEL_CODE_PATTERN),
  dontShow: z.literal("on").optional(),
});

/**
 * POST intent=model-clarification on the results page (the form read once by action.server.ts). Keeps the code
 * in its cookie, then 303 to the search with the make and model (Yes) or back to the same
 * results (No). The target is made from the page's own URL, never from the form.
 */
export async function answerModelClarification(
  form: FormData,
  seen: { clarificationOff: readonly string[]; clarificationNo: readonly string[] },
  pageUrl: URL,
) {
  const parsed = answerSchema.safeParse(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")));
  if (!parsed.success) return data({ ok: false as const }, { status: 400 });
  const { answer, code, dontShow } = parsed.data;
  const headers = new Headers();
  if (dontShow) headers.append("Set-Cookie", await clarificationOffCookie.serialize(withCode([...seen.clarificationOff], code)));
  if (answer === "no") headers.append("Set-Cookie", await clarificationNoCookie.serialize(withCode([...seen.clarificationNo], code)));
  let target = pageUrl.pathname + pageUrl.search;
  if (answer === "yes") {
    const { ctx } = await getSearchPageContext();
    const parsedUrl = parseSearchUrl(pageUrl, ctx);
    const [makeCode, modelCode] = code.split("|") as [string, string];
    if (!parsedUrl.notFound) target = yesHref(parsedUrl.state, makeCode, modelCode, ctx);
  }
  throw redirect(target, { status: 303, headers });
}
