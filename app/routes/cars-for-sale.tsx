// Results page, first cut: the make / model / ZIP / condition / keyword search the home page
// submits, over SQL. The full results page (every filter, facets, chips, breadcrumbs) replaces
// this once the listing index lands (issues 3 and 4).
import { Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/cars-for-sale";
import { ListingCard, type ListingCardData } from "../components/listing-card";
import { PAGE_SIZE, TEXT } from "../lib/constants";
import { normalizeQueryZip } from "../lib/zip";
import { getDatabase } from "../server/db/connection.server";

const code = z.string().trim().toUpperCase().regex(/^[A-Z0-9]{1,40}$/);
const querySchema = z.object({
  listingType: z.enum(["NEW", "USED", "CERTIFIED", "3P_CERT"]).catch("USED"),
  makeCode: code.optional().catch(undefined),
  modelCode: code.optional().catch(undefined),
  zip: z.unknown().transform(normalizeQueryZip),
  keyword: z.string().trim().max(80).optional().catch(undefined),
  firstRecord: z.coerce.number().int().min(0).max(10_000).catch(0),
});

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = querySchema.parse({
    listingType: url.searchParams.get("listingType")?.toUpperCase() ?? undefined,
    makeCode: url.searchParams.get("makeCode") || undefined,
    modelCode: url.searchParams.get("modelCode") || undefined,
    zip: url.searchParams.get("zip") ?? undefined,
    keyword: url.searchParams.get("keyword") || undefined,
    firstRecord: url.searchParams.get("firstRecord") ?? undefined,
  });
  const db = await getDatabase();
  const types = q.listingType === "USED" || q.listingType === "3P_CERT" ? ["USED", "3P_CERT"] : [q.listingType];
  let base = db.kysely
    .selectFrom("listings as l")
    .innerJoin("owners as o", "o.id", "l.owner_id")
    .where("l.status", "=", "active")
    .where("l.listing_type", "in", types);
  if (q.makeCode) base = base.where("l.make_code", "=", q.makeCode);
  if (q.modelCode) base = base.where("l.model_code", "=", q.modelCode);
  if (q.keyword) {
    for (const word of q.keyword.split(/\s+/).slice(0, 5)) {
      base = base.where("l.title", "like", `%${word.replace(/[%_\\]/g, "")}%`);
    }
  }
  const [countRow, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .select([
        "l.id",
        "l.title",
        "l.listing_type",
        "l.sale_price",
        "l.mileage",
        "l.deal_rating",
        "l.body_style_code",
        "l.ext_color_simple",
        "l.seller_type",
        "o.name as owner_name",
        "o.city",
        "o.state",
      ])
      .orderBy("l.sale_price", "desc")
      .orderBy("l.id")
      .limit(PAGE_SIZE)
      .offset(q.firstRecord)
      .execute(),
  ]);
  const total = Number(countRow.n);
  const listings: ListingCardData[] = rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    listingType: r.listing_type,
    salePrice: r.sale_price,
    mileage: r.mileage,
    dealRating: r.deal_rating,
    bodyStyleCode: r.body_style_code,
    extColor: r.ext_color_simple,
    sellerName: r.owner_name,
    city: r.city,
    state: r.state,
    sellerType: r.seller_type,
  }));
  let next: string | null = null;
  if (q.firstRecord + PAGE_SIZE < total) {
    const nextUrl = new URL(url);
    nextUrl.searchParams.set("firstRecord", String(q.firstRecord + PAGE_SIZE));
    next = nextUrl.pathname + nextUrl.search;
  }
  return { total, listings, next, query: q };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.total.toLocaleString("en-US")} cars for sale | Forecourt` : "Cars for sale | Forecourt" },
];

export default function CarsForSale({ loaderData }: Route.ComponentProps) {
  const { total, listings, next } = loaderData;
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <a className="skip-link" href="#listings">
        {TEXT.skipLink}
      </a>
      <h1 className="text-2xl font-bold tracking-tight">Cars for Sale</h1>
      <h2 className="mt-2 text-lg font-semibold text-slate-700" aria-live="polite">
        {TEXT.matches(total)}
      </h2>
      {listings.length === 0 ? (
        <p className="mt-8 rounded-xl border border-slate-200 bg-white p-8 text-center text-lg">{TEXT.noResults}</p>
      ) : (
        <ul id="listings" className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {listings.map((l, i) => (
            <li key={l.id} className="flex">
              <ListingCard listing={l} eager={i === 0} />
            </li>
          ))}
        </ul>
      )}
      {next ? (
        <p className="mt-8 text-center">
          <Link to={next} className="inline-block rounded-lg border border-brand-600 px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50">
            {TEXT.seeMoreResults}
          </Link>
        </p>
      ) : null}
    </main>
  );
}
