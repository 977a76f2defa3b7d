// The model year a review is written about, from the address (the form page) or the form (its post).
import { data } from "react-router";
import { getDatabase } from "../../server/db/connection.server.ts";
import { modelName } from "../../server/research/consumer-reviews.server.ts";
import { catalogueCode, modelYear } from "../../server/research/review-forms.server.ts";

export async function writeSubject(from: URLSearchParams | FormData) {
  const make = catalogueCode.safeParse(from.get("make"));
  const model = catalogueCode.safeParse(from.get("model"));
  const y = modelYear.safeParse(from.get("year"));
  if (!make.success || !model.success || !y.success) throw data("Not found", { status: 404 });
  const db = await getDatabase();
  const m = await modelName(db, make.data.toUpperCase(), model.data.toUpperCase());
  if (!m || y.data < m.firstYear || y.data > m.lastYear + 1) throw data("Not found", { status: 404 });
  return { db, make: m.make, model: m.model, year: y.data, name: `${y.data} ${m.name}` };
}
