// Suggested filters 'Model Name Clarification' (issue 5; app/lib/model-clarification.ts): when a
// keyword search names a model without choosing it as a filter (keyword "rav4", no model chosen),
// the page asks whether the shopper meant that make and model. The keyword's best type-ahead
// suggestion (the same ranking as the keyword box) decides: only a model asks.
// - Yes: the page's search with the suggested make and model added (paging resets);
// - No: the same results, not asked again for that model in this browser session;
// - 'Don't show me this again' (a checkbox beside Yes / No): not asked again for that model
//   for a year.
// One POST form (intent=model-clarification) does it with and without JavaScript.
import { createCookie, data, redirect } from "react-router";
import { z } from "zod";
import { MODEL_CLARIFICATION, MODEL_CODE_PATTERN, modelCodeOf, withCode } from "../../lib/model-clarification.ts";
import { addFilter, makeName, modelName, parseSearchUrl, removeFilter, serializeSearchUrl, type SearchState, type SearchUrlContext } from "../../lib/search-url.ts";
import { keywordWithout } from "../search/keyword.server.ts";
import type { ModelClarificationData } from "../../components/search/types.ts";
import type { SearchEngine } from "../search/search.server.ts";
import { getSearchPageContext } from "../services/url-context.server.ts";

const base = { path: "/", sameSite: "lax" as const, httpOnly: true };
/** 'Don't show me this again': the model codes, for a year. */
export const clarificationOffCookie = createCookie("fc_model_clarify_off", { ...base, maxAge: MODEL_CLARIFICATION.dontShowDays * 24 * 60 * 60 });
/** 'No': the model codes, for the browser session. */
export const clarificationNoCookie = createCookie("fc_model_clarify_no", base);

const codeList = z.array(z.string().regex(MODEL_CODE_PATTERN)).max(MODEL_CLARIFICATION.maxCodes);

async function codesIn(cookie: typeof clarificationOffCookie, header: string | null): Promise<string[]> {
  try {
    const parsed = codeList.safeParse(await cookie.parse(header));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

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
export async function modelClarification(request: Request, state: SearchState, ctx: SearchUrlContext, engine: Pick<SearchEngine, "suggestKeywords">): Promise<ModelClarificationData | null> {
  const q = state.query;
  const keyword = q.keyword?.trim() ?? "";
  if (!keyword || Object.values(q.models).some((m) => m.length > 0)) return null;
  const [top] = await engine.suggestKeywords(keyword, 1);
  if (!top || top.type !== "model" || !top.makeCode || !top.modelCode) return null;
  const code = modelCodeOf(top.makeCode, top.modelCode);
  if (!MODEL_CODE_PATTERN.test(code)) return null;
  const header = request.headers.get("Cookie");
  const [off, no] = await Promise.all([codesIn(clarificationOffCookie, header), codesIn(clarificationNoCookie, header)]);
  if (off.includes(code) || no.includes(code)) return null;
  return { label: top.label, code, yesHref: yesHref(state, top.makeCode, top.modelCode, ctx) };
}

const answerSchema = z.object({
  intent: z.literal(MODEL_CLARIFICATION.intent),
  answer: z.enum(["yes", "no"]),
  code: z.string().regex(MODEL_CODE_PATTERN),
  dontShow: z.literal("on").optional(),
});

/**
 * POST intent=model-clarification on the results page: null for any other form. Keeps the code
 * in its cookie, then 303 to the search with the make and model (Yes) or back to the same
 * results (No). The target is made from the page's own URL, never from the form.
 */
export async function modelClarificationAction(request: Request, pageUrl: URL) {
  const form = await request.clone().formData().catch(() => null);
  if (!form || form.get("intent") !== MODEL_CLARIFICATION.intent) return null;
  const parsed = answerSchema.safeParse(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")));
  if (!parsed.success) return data({ ok: false as const }, { status: 400 });
  const { answer, code, dontShow } = parsed.data;
  const header = request.headers.get("Cookie");
  const headers = new Headers();
  if (dontShow) headers.append("Set-Cookie", await clarificationOffCookie.serialize(withCode(await codesIn(clarificationOffCookie, header), code)));
  if (answer === "no") headers.append("Set-Cookie", await clarificationNoCookie.serialize(withCode(await codesIn(clarificationNoCookie, header), code)));
  let target = pageUrl.pathname + pageUrl.search;
  if (answer === "yes") {
    const { ctx } = await getSearchPageContext();
    const parsedUrl = parseSearchUrl(pageUrl, ctx);
    const [makeCode, modelCode] = code.split("|") as [string, string];
    if (!parsedUrl.notFound) target = yesHref(parsedUrl.state, makeCode, modelCode, ctx);
  }
  throw redirect(target, { status: 303, headers });
}
