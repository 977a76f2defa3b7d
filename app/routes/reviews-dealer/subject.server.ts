// The dealer a review is about, by its owner id (from the address or the form).
import { data } from "react-router";
import { getDatabase } from "../../server/db/connection.server.ts";
import { dealerOf } from "../../server/research/dealer-reviews.server.ts";
import { rowId } from "../../server/research/review-forms.server.ts";

export async function dealerSubject(raw: unknown) {
  const ownerId = rowId.safeParse(raw);
  if (!ownerId.success) throw data("Not found", { status: 404 });
  const db = await getDatabase();
  const dealer = await dealerOf(db, ownerId.data);
  if (!dealer) throw data("Not found", { status: 404 });
  return { db, dealer };
}
