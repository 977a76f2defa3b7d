// A model year's reviews page: its published reviews, one page, with the ratings.
import { data } from "react-router";
import { modelYearReviews, type ModelYearReviews } from "../../server/research/model-year-reviews.server.ts";
import { catalogueCode, modelYear } from "../../server/research/review-forms.server.ts";

export async function loadModelYearReviewsPage(params: { make?: string; model?: string; year?: string }, url: URL): Promise<ModelYearReviews> {
  const make = catalogueCode.safeParse(params.make);
  const model = catalogueCode.safeParse(params.model);
  const y = modelYear.safeParse(params.year);
  if (!make.success || !model.success || !y.success) throw data("Not found", { status: 404 });
  const r = await modelYearReviews(make.data.toUpperCase(), model.data.toUpperCase(), y.data, Number(url.searchParams.get("page")) || 1);
  if (!r) throw data("Not found", { status: 404 });
  return r;
}
