// What the results page says about a model it could not search as written (docs/search-urls.md,
// "Models the search could not take as written"), from the parser's reports (MODEL_REASONS): the
// shopper sees what was searched instead and a link to each search they may have meant. A page
// with a notice is shown at its own address (no redirect), so the notice reaches the shopper.
import type { InvalidParam } from "../search-query.ts";
import { MODEL_REASONS } from "./common.ts";
import { serializeSearchUrl } from "./core.ts";
import { makeName, modelName } from "./display.ts";
import { addFilter, removeFilter } from "./links.ts";
import type { SearchState, SearchUrlContext } from "./types.ts";

export interface SearchNotice {
  text: string;
  links: { label: string; href: string }[];
}

/** "Toyota", "Toyota or Ford", "Toyota, Ford or Kia". */
function either(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

/** The search with these makes (and their models) removed. */
function without(state: SearchState, makes: readonly string[], ctx: SearchUrlContext | undefined): SearchState {
  return makes.reduce((s, m) => removeFilter(s, "makeCode", m, ctx), state);
}

/** The makes the catalogue knows a model code under. */
function makesOf(model: string, ctx: SearchUrlContext | undefined): string[] {
  const out: string[] = [];
  for (const key of ctx?.models?.keys() ?? []) {
    const bar = key.indexOf("|");
    if (key.slice(bar + 1) === model) out.push(key.slice(0, bar));
  }
  return out;
}

export function modelNotices(state: SearchState, invalid: readonly InvalidParam[], ctx?: SearchUrlContext): SearchNotice[] {
  const q = state.query;
  const out: SearchNotice[] = [];
  for (const p of invalid) {
    const colon = p.value.indexOf(":");
    const make = colon > 0 ? p.value.slice(0, colon).toUpperCase() : undefined;
    const model = (colon > 0 ? p.value.slice(colon + 1) : p.value).toUpperCase();
    if (p.reason === MODEL_REASONS.otherMake && make) {
      // Toyota + Honda Civic: both are searched; one link for each half.
      const chosen = q.makeCodes.filter((m) => m !== make);
      const named = `${makeName(make, ctx)} ${modelName(make, model, ctx)}`;
      const others = chosen.map((m) => makeName(m, ctx));
      const withoutModel = (q.models[make]?.length ?? 0) > 1 ? removeFilter(state, "modelCode", `${make}|${model}`, ctx) : without(state, [make], ctx);
      out.push({
        text:
          `${modelName(make, model, ctx)} is a ${makeName(make, ctx)} model, not a ${either(others)} ` +
          `model: this search shows ${named} as well as the ${either(others)} cars you chose.`,
        links: [
          { label: `Only ${named}`, href: serializeSearchUrl(without(state, chosen, ctx), ctx) },
          { label: `Only ${others.join(" and ")}`, href: serializeSearchUrl(withoutModel, ctx) },
        ],
      });
    } else if (p.reason === MODEL_REASONS.notOfChosenMake || (p.reason === MODEL_REASONS.notOfThatMake && make)) {
      // Toyota + CIVIC: the model is left out; the makes that have it are offered instead.
      const chosen = make ? [make] : q.makeCodes;
      const owners = makesOf(model, ctx);
      const label = owners.length > 0 ? modelName(owners[0], model, ctx) : model;
      out.push({
        text: `${label} is not a ${either(chosen.map((m) => makeName(m, ctx)))} model, so it was left out of this search.`,
        links: owners.map((o) => ({
          label: `Search ${makeName(o, ctx)} ${modelName(o, model, ctx)} instead`,
          href: serializeSearchUrl(addFilter(without(state, chosen, ctx), "modelCode", `${o}|${model}`, ctx), ctx),
        })),
      });
    }
  }
  return out;
}
