// The Safety tab's rule (section 5 of the product spec): a single make and model, no trim, and
// safety data for the year: the searched year (start year equal to end year, an open end counting
// as the current year), or the year before the current one when no year is set.
import type { SearchQuery } from "./search-query";

export function safetyYear(q: SearchQuery, currentYear: number): { make: string; model: string; year: number } | null {
  if (q.makeCodes.length !== 1) return null;
  const make = q.makeCodes[0];
  const models = q.models[make] ?? [];
  if (models.length !== 1 || q.trimCodes.length > 0) return null;
  if (q.startYear === undefined && q.endYear === undefined) return { make, model: models[0], year: currentYear - 1 };
  if (q.startYear !== undefined && q.startYear === (q.endYear ?? currentYear)) return { make, model: models[0], year: q.startYear };
  return null;
}
