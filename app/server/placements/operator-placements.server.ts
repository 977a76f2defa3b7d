// The operator's placements screen (docs/placements.md, ADR 028): which dealers hold which paid
// placement tier. The results page's sponsored cards, the dealer showcase and the spotlight
// services read `dealer_placements` (app/server/inventory/placements.server.ts); this is where an
// operator sets it. Accounts in OPERATOR_EMAILS with a verified address only (a 404 otherwise).
import { data, redirect } from "react-router";
import { z } from "zod";
import { PLACEMENT_TIERS, isPlacementTier, type PlacementTier } from "../inventory/placements.server.ts";
import { getDatabase, type Database } from "../db/connection.server.ts";
import { requireOperator } from "../accounts/operator.server.ts";

export const OPERATOR_PLACEMENTS_PATH = "/operator/placements";

export interface PlacedDealer {
  id: number;
  externalId: string;
  name: string;
  city: string;
  state: string;
  tier: PlacementTier | null;
  since: number | null;
  activeListings: number;
}

export interface OperatorPlacementsData {
  operator: string;
  counts: Record<PlacementTier, number>;
  placed: PlacedDealer[];
  query: string;
  found: PlacedDealer[];
  notice: string | null;
}

const NOTICES: Record<string, string> = {
  set: "Placement saved: the results page uses it at once (cached pages within seconds).",
  removed: "Placement removed.",
};

async function dealers(db: Database, where: { placedOnly?: boolean; text?: string }, limit: number): Promise<PlacedDealer[]> {
  let q = db.kysely
    .selectFrom("owners as o")
    .leftJoin("dealer_placements as p", "p.owner_id", "o.id")
    .select((eb) => [
      "o.id",
      "o.external_id",
      "o.name",
      "o.city",
      "o.state",
      "p.tier",
      "p.since",
      eb
        .selectFrom("listings as l")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("l.owner_id", "=", "o.id")
        .where("l.status", "=", "active")
        .as("active"),
    ])
    .where("o.seller_type", "=", "d");
  if (where.placedOnly) q = q.where("p.owner_id", "is not", null);
  if (where.text) {
    const like = `%${where.text.replace(/[%_\\]/g, "").toLowerCase()}%`;
    q = q.where((eb) => eb.or([eb(eb.fn("lower", ["o.name"]), "like", like), eb(eb.fn("lower", ["o.external_id"]), "like", like)]));
  }
  const rows = await q.orderBy("o.name").limit(limit).execute();
  const rank = (t: string | null) => (t === null ? 9 : PLACEMENT_TIERS.indexOf(t as PlacementTier));
  return rows
    .map((r) => ({
      id: Number(r.id),
      externalId: r.external_id,
      name: r.name,
      city: r.city,
      state: r.state,
      tier: isPlacementTier(r.tier) ? r.tier : null,
      since: r.since === null ? null : Number(r.since),
      activeListings: Number(r.active ?? 0),
    }))
    .sort((a, b) => rank(a.tier) - rank(b.tier) || a.name.localeCompare(b.name));
}

export async function loadOperatorPlacements(request: Request, url: URL): Promise<OperatorPlacementsData> {
  const operator = await requireOperator(request);
  const db = await getDatabase();
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 60);
  const [placed, found] = await Promise.all([dealers(db, { placedOnly: true }, 500), query ? dealers(db, { text: query }, 20) : Promise.resolve([])]);
  const counts = { premium: 0, featured: 0, standard: 0 } as Record<PlacementTier, number>;
  for (const d of placed) if (d.tier) counts[d.tier]++;
  return { operator, counts, placed, query, found, notice: NOTICES[url.searchParams.get("done") ?? ""] ?? null };
}

const placementForm = z.object({
  dealerId: z.string().trim().min(1).max(40),
  tier: z.enum([...PLACEMENT_TIERS, "none"]),
});

export type PlacementReply = { errors: { dealerId?: string; tier?: string }; values: { dealerId: string; tier: string } };

/** Sets (or removes) one dealer's placement tier. */
export async function setPlacement(db: Database, externalId: string, tier: PlacementTier | "none", now = Date.now()): Promise<"set" | "removed" | "unknown"> {
  const owner = await db.kysely
    .selectFrom("owners")
    .select(["id", "seller_type"])
    .where((eb) => eb(eb.fn("lower", ["external_id"]), "=", externalId.toLowerCase()))
    .executeTakeFirst();
  if (!owner || owner.seller_type !== "d") return "unknown";
  const ownerId = Number(owner.id);
  if (tier === "none") {
    await db.kysely.deleteFrom("dealer_placements").where("owner_id", "=", ownerId).execute();
    return "removed";
  }
  await db.kysely
    .insertInto("dealer_placements")
    .values({ owner_id: ownerId, tier, since: now })
    .onConflict((oc) => oc.column("owner_id").doUpdateSet({ tier, since: now }))
    .execute();
  return "set";
}

export async function operatorPlacementsAction(request: Request) {
  await requireOperator(request);
  const form = Object.fromEntries(await request.formData());
  const values = { dealerId: String(form.dealerId ?? "").slice(0, 40), tier: String(form.tier ?? "").slice(0, 20) };
  const parsed = placementForm.safeParse(values);
  if (!parsed.success) {
    const errors: PlacementReply["errors"] = {};
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === "dealerId") errors.dealerId = "Enter the dealer's id, for example DLR-000123.";
      if (issue.path[0] === "tier") errors.tier = "Choose premium, featured, standard or none.";
    }
    return data<PlacementReply>({ errors, values }, { status: 400 });
  }
  const done = await setPlacement(await getDatabase(), parsed.data.dealerId, parsed.data.tier);
  if (done === "unknown") return data<PlacementReply>({ errors: { dealerId: `No dealer has the id ${parsed.data.dealerId}.` }, values }, { status: 400 });
  return redirect(`${OPERATOR_PLACEMENTS_PATH}?done=${done}`, 303);
}
