// The results page's action: one switch over the posted intent, the form read once. Card quick
// action Compare (a form post without JavaScript, a fetcher with it; add, remove, clear), the
// dealer showcase's hide, the model clarification's answer and the 'Still interested?' dismiss.
// An unknown intent is a 400 and changes nothing.
import { data, redirect } from "react-router";
import { z } from "zod";
import { STILL_INTERESTED_INTENT } from "../../lib/account.ts";
import { MODEL_CLARIFICATION } from "../../lib/model-clarification.ts";
import { dismissStillInterested } from "../../server/accounts/recent-views.server.ts";
import { handleCompareForm } from "../../server/compare/compare.server.ts";
import { appContext, shopperContext } from "../../server/http/request-context.server.ts";
import type { Route } from "./+types/route";
import { hideShowcaseAction } from "./extras.server.ts";
import { answerModelClarification } from "./model-clarification.server.ts";
import { HIDE_SHOWCASE_INTENT } from "./view.ts";

const dismissSchema = z.object({ listingId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export async function resultsAction({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) return data({ ok: false as const }, { status: 400 });
  const app = context.get(appContext);
  const shopper = context.get(shopperContext);
  const here = `${url.pathname}${url.search}`;
  const intent = form.get("intent") ?? "add";
  switch (intent) {
    case "add":
    case "remove":
    case "clear":
      return handleCompareForm(form, shopper.compareIds, app.flags, here);
    case HIDE_SHOWCASE_INTENT:
      return hideShowcaseAction(url, app.flags);
    case MODEL_CLARIFICATION.intent:
      return answerModelClarification(form, shopper.preferences, url);
    case STILL_INTERESTED_INTENT: {
      const parsed = dismissSchema.safeParse({ listingId: form.get("listingId") });
      const user = await shopper.user();
      if (parsed.success && user) await dismissStillInterested(app.db, user.id, parsed.data.listingId);
      throw redirect(here, { status: 303 });
    }
    default:
      return data({ ok: false as const }, { status: 400 });
  }
}
