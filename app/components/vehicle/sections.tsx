import type { ReactNode } from "react";
import { FUEL_TYPE_LABELS } from "../../lib/constants";
import { DEAL_LABELS, formatInt, formatMiles, formatPrice } from "../../lib/format";
import { telHref } from "../../lib/phone";
import type { ListingSummary } from "../../lib/listing";
import { DRIVE_GROUP_LABELS, HOME_SERVICE_LABELS, TRANSMISSION_LABELS, VEHICLE_HISTORY_LABELS } from "../../lib/search-query";
import type { VehiclePageData } from "../../lib/vehicle-view";
import { Icon, type IconName } from "../search/icons";
import { PriceHistoryChart } from "./price-history-chart";
import { dealerRatingHasStars, dealerRatingSourceText, dealerRatingText, historySourceText, type CertifiedSponsorContent } from "../../lib/trust-signals";
import { RATING_BANDS, type DealRating } from "../../lib/price-verdict";

const DEAL_ICONS: Record<string, IconName> = { great: "down", good: "down", fair: "level", high: "up" };
const dateFmt = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
export const formatDate = (ms: number) => dateFmt.format(new Date(ms));

/** "2021 Toyota RAV4 XLE": the heading without the condition word. */
export { vehicleName } from "../../lib/listing";

export function Card({ id, title, children, className = "" }: { id?: string; title: string; children: ReactNode; className?: string }) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z]+/g, "-")}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={`scroll-mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${className}`}>
      <h2 id={headingId} className="text-lg font-bold tracking-tight text-ink">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function DealBadge({ rating, large = false }: { rating: string; large?: boolean }) {
  return (
    <span className={`deal deal-${rating} ${large ? "px-3 py-1 text-sm" : ""}`}>
      <Icon name={DEAL_ICONS[rating] ?? "level"} />
      {DEAL_LABELS[rating] ?? rating}
    </span>
  );
}

/** Engine, drive, transmission, fuel, economy, colours, doors, body style. */
export function specRows(l: ListingSummary): [string, string][] {
  const rows: [string, string][] = [];
  rows.push(["Engine", l.engine ?? l.engineCode]);
  rows.push(["Drivetrain", l.drive ?? DRIVE_GROUP_LABELS[l.driveGroup] ?? l.driveGroup]);
  rows.push(["Transmission", l.transmission ?? TRANSMISSION_LABELS[l.transmissionCode] ?? l.transmissionCode]);
  rows.push(["Fuel type", l.fuelType ?? FUEL_TYPE_LABELS[l.fuelTypeGroup] ?? l.fuelTypeGroup]);
  const unit = l.isMpge ? "MPGe" : "MPG";
  if (l.electricRange) rows.push(["Electric range", `${formatInt(l.electricRange)} mi`]);
  if (l.mpgCity !== null && l.mpgHighway !== null) {
    rows.push([`Fuel economy`, `${l.mpgCity} city / ${l.mpgHighway} hwy ${unit}${l.mpgCombined !== null ? ` (${l.mpgCombined} combined)` : ""}`]);
  } else if (l.mpgCombined !== null) {
    rows.push(["Fuel economy", `${l.mpgCombined} ${unit} combined`]);
  }
  rows.push(["Exterior color", l.extColorName ?? titleCase(l.extColorSimple)]);
  rows.push(["Interior color", l.intColorName ?? titleCase(l.intColorSimple)]);
  rows.push(["Body style", l.bodyStyleName]);
  rows.push(["Doors", String(l.doors)]);
  rows.push(["Mileage", formatMiles(l.mileage)]);
  rows.push(["VIN", l.vin]);
  return rows;
}

function titleCase(s: string): string {
  return s ? s.charAt(0).toUpperCase() + s.slice(1).toLowerCase() : s;
}

export function KeySpecs({ listing }: { listing: ListingSummary }) {
  return (
    <Card id="specs" title="Key specs">
      <dl className="grid gap-x-8 sm:grid-cols-2">
        {specRows(listing).map(([k, v]) => (
          <div key={k} className="flex justify-between gap-4 border-b border-slate-100 py-2.5 text-sm">
            <dt className="text-slate-600">{k}</dt>
            <dd className={`text-right font-medium text-ink ${k === "VIN" ? "font-mono text-xs leading-5 tracking-wide" : ""}`}>{v}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/**
 * The seller's description. `html` comes from sanitizeDealerHtml (app/lib/dealer-html.ts): only
 * p, br, ul, ol, li, strong, em, b and i without attributes, all text escaped.
 */
export function SellerDescription({ html }: { html: string }) {
  if (!html) return null;
  return (
    <Card id="description" title="Seller's description">
      <p className="mb-3 text-xs text-slate-500">In the seller's own words; Forecourt has not checked what it claims.</p>
      <div
        data-testid="seller-description"
        className="space-y-3 text-sm leading-6 text-slate-800 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </Card>
  );
}

export function Features({ groups }: { groups: VehiclePageData["features"] }) {
  if (groups.length === 0) return null;
  return (
    <Card id="features" title="Features">
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
        {groups.map((g) => (
          <div key={g.group}>
            <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{g.group}</h3>
            <ul className="mt-2 space-y-1.5 text-sm text-slate-800">
              {g.names.map((n) => (
                <li key={n} className="flex items-start gap-2">
                  <Icon name="check" className="mt-0.5 text-deal-good" />
                  {n}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Card>
  );
}

export function VehicleHistory({ items, source }: { items: string[]; source: string | null }) {
  return (
    <Card id="history" title="Vehicle history">
      {items.length > 0 ? (
        <p className="mb-3 text-xs text-slate-500" data-testid="history-source">
          {historySourceText(source)}
        </p>
      ) : null}
      {items.length > 0 ? (
        <ul className="grid gap-2 sm:grid-cols-2">
          {items.map((code) => (
            <li key={code} className="flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-deal-great">
              <Icon name="check" />
              {VEHICLE_HISTORY_LABELS[code] ?? code}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">The seller has not reported history details for this car. Ask the seller for a vehicle history report.</p>
      )}
    </Card>
  );
}

/**
 * What covers the car; for a branded-program car also the program's sponsor content (its summary
 * and rules, from the certified-sponsor fetch; left out when that fetch failed).
 */
export function Warranty({ warranty, sponsor = null }: { warranty: VehiclePageData["warranty"]; sponsor?: CertifiedSponsorContent | null }) {
  return (
    <Card id="warrantySection" title="Warranty and protection">
      <p className="font-semibold text-ink">{warranty.headline}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {warranty.points.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      {sponsor ? (
        <section aria-labelledby="certified-sponsor-heading" className="mt-4 rounded-xl bg-slate-50 p-4" data-testid="certified-sponsor">
          <h3 id="certified-sponsor-heading" className="font-semibold text-ink">
            About {sponsor.name}
          </h3>
          <p className="mt-1 text-sm text-slate-700">{sponsor.summary}</p>
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {sponsor.rules.map((r) => (
              <div key={r.label}>
                <dt className="text-slate-500">{r.label}</dt>
                <dd className="font-medium text-ink">{r.text}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </Card>
  );
}

export function Pricing({ page }: { page: VehiclePageData }) {
  const l = page.listing;
  const rows: [string, string][] = [["Price", formatPrice(l.salePrice)]];
  if (l.listingType === "NEW" && l.msrp) rows.push(["MSRP", formatPrice(l.msrp)]);
  if (l.incentive > 0) rows.push(["Incentive", formatPrice(l.incentive)]);
  if (page.deal?.marketPrice) rows.push([page.deal.basis === "comparables" ? "Average of similar cars" : "Our estimate", formatPrice(page.deal.marketPrice)]);
  rows.push(["Days on Forecourt", `${formatInt(page.daysOnMarket)} ${page.daysOnMarket === 1 ? "day" : "days"} (listed ${formatDate(l.dateListed)})`]);
  return (
    <Card id="pricingSection" title="Pricing">
      {page.deal ? (
        <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-slate-50 p-4">
          <DealBadge rating={page.deal.rating} large />
          {page.deal.reason ? <p className="text-sm text-slate-700">{page.deal.reason}.</p> : null}
          <p className="w-full text-xs text-slate-500">
            {DEAL_LABELS[page.deal.rating] ?? page.deal.rating}: {RATING_BANDS[page.deal.rating as DealRating]}
          </p>
        </div>
      ) : null}
      <dl className="text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="flex justify-between gap-4 border-b border-slate-100 py-2.5">
            <dt className="text-slate-600">{k}</dt>
            <dd className="text-right font-medium tabular-nums text-ink">{v}</dd>
          </div>
        ))}
      </dl>
      {page.history.length > 0 ? (
        <>
          <h3 className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-500">Price history</h3>
          <PriceHistoryChart points={page.history} now={page.now} />
          <table className="mt-2 w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 font-medium">
                  Date
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Price
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Change
                </th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {page.history.map((h, i) => (
                <tr key={`${h.at}-${i}`} className="border-b border-slate-100">
                  <td className="py-2">{formatDate(h.at)}</td>
                  <td className="py-2 text-right font-medium">{formatPrice(h.price)}</td>
                  <td className={`py-2 text-right ${h.change === null ? "text-slate-500" : h.change < 0 ? "text-deal-good" : "text-deal-high"}`}>
                    {h.change === null ? "Listed" : h.change < 0 ? `−${formatPrice(-h.change)}` : `+${formatPrice(h.change)}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      <p className="mt-4 text-xs text-slate-500">
        The deal rating compares this price with the average asking price of similar cars for sale (same year, make and model, a near trim and mileage) near
        this car, widening the area when few are for sale. With fewer than three, it uses our estimate from the car&apos;s MSRP, age and mileage. It is a guide,
        not an appraisal.
      </p>
    </Card>
  );
}

function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating * 2) / 2;
  return (
    <span aria-hidden="true" className="tracking-tight text-accent-500">
      {"★★★★★".slice(0, Math.floor(full))}
      <span className="text-slate-300">{"★★★★★".slice(0, 5 - Math.floor(full))}</span>
    </span>
  );
}

export function Seller({ page }: { page: VehiclePageData }) {
  const o = page.listing.owner;
  const services = [...new Set([...page.listing.homeServices, ...o.homeServices])];
  return (
    <section aria-labelledby="seller-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="seller-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        Seller
      </h2>
      <div className="mt-3 flex items-start gap-3">
        {o.logoUrl && !o.privateSeller ? (
          <img
            src={o.logoUrl}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            className="size-12 shrink-0 rounded-lg bg-slate-50 object-contain ring-1 ring-slate-200"
          />
        ) : (
          <span aria-hidden="true" className="grid size-12 shrink-0 place-items-center rounded-lg bg-brand-50 text-lg font-bold text-brand-700">
            {(o.privateSeller ? "P" : o.name.charAt(0)).toUpperCase()}
          </span>
        )}
        <div className="min-w-0">
          <p className="font-semibold text-ink">{o.privateSeller ? "Private seller" : o.name}</p>
          {!o.privateSeller && o.rating !== null && dealerRatingText(o) ? (
            <p className="text-sm text-slate-600">
              {dealerRatingHasStars(o) ? (
                <>
                  <Stars rating={o.rating} />{" "}
                </>
              ) : null}
              <span className="font-medium text-ink">{dealerRatingText(o)}</span>
              <span className="block text-xs">({dealerRatingSourceText(o)})</span>
            </p>
          ) : null}
          <address className="text-sm not-italic text-slate-600">
            {!o.privateSeller && o.street ? (
              <>
                {o.street}
                <br />
              </>
            ) : null}
            {o.city}, {o.state} {o.zip}
          </address>
        </div>
      </div>
      {page.distance ? (
        <p className="mt-3 text-sm text-slate-700">
          <span className="font-semibold">{page.distance.miles < 1 ? "Under 1 mi" : `${formatInt(page.distance.miles)} mi`}</span>
          {` from ${page.distance.city}, ${page.distance.state} ${page.distance.zip}`}
        </p>
      ) : null}
      <div className="mt-4 flex flex-col gap-2">
        {o.phone && telHref(o.phone) ? (
          <a href={telHref(o.phone)!} className="rounded-lg bg-brand-600 px-4 py-2.5 text-center font-semibold text-white hover:bg-brand-700">
            Call {o.phone}
          </a>
        ) : o.phone ? (
          <p className="text-center text-sm text-slate-700">Phone: {o.phone}</p>
        ) : null}
        {o.website && !o.privateSeller ? (
          <a
            href={o.website}
            rel="nofollow noopener"
            target="_blank"
            className="rounded-lg border border-slate-300 px-4 py-2.5 text-center font-semibold text-brand-700 hover:bg-brand-50"
          >
            Visit dealer website<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
      </div>
      {services.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Home services</h3>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {services.map((s) => (
              <li key={s} className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-800">
                {HOME_SERVICE_LABELS[s] ?? s}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
