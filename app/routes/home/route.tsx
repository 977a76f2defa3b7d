import { useState } from "react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/route";
import { PATHS } from "../../lib/routes";
import { BODY_STYLE_PLURALS } from "../../lib/body-styles";
import { CONDITION_NAMES } from "../../lib/listing-types";
import { vehicleImagePath } from "../../lib/vehicle-image-path";
import { formatMiles, formatPrice, formatInt } from "../../lib/format";
import { loadHomePage } from "./loader.server";
import { shopperContext } from "../../server/http/request-context.server";
import { openGraph, webSite } from "../../lib/seo";

export async function loader({ context }: Route.LoaderArgs) {
  return loadHomePage(context.get(shopperContext));
}

const HOME_TITLE = "Forecourt: new, used and certified cars for sale near you";
const HOME_DESCRIPTION = "Search new, used and certified cars from local dealers and private sellers.";

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const origin = loaderData?.origin ?? "";
  return [
    { title: HOME_TITLE },
    { name: "description", content: HOME_DESCRIPTION },
    { tagName: "link", rel: "canonical", href: `${origin}/` },
    ...openGraph({ origin, url: `${origin}/`, title: HOME_TITLE, description: HOME_DESCRIPTION }),
    { "script:ld+json": webSite(origin, PATHS.search) },
  ];
};

/** The body styles the home page offers, each drawn in its own colour (labels from app/lib/body-styles.ts). */
const BODY_STYLES = (
  [
    ["SUVCROSS", "blue"],
    ["SEDAN", "silver"],
    ["TRUCKS", "red"],
    ["HATCH", "green"],
    ["COUPE", "black"],
    ["VANMV", "white"],
  ] as const
).map(([code, color]) => ({ code, label: BODY_STYLE_PLURALS[code], color }));

export default function Home({ loaderData }: Route.ComponentProps) {
  const { makes, total, popular } = loaderData;
  const [make, setMake] = useState("");
  const modelGroups = make ? makes.filter((m) => m.code === make) : makes;
  return (
    <main>
      <section className="bg-gradient-to-b from-brand-900 to-brand-700 pb-16 pt-10 text-white">
        <div className="mx-auto max-w-7xl px-4">
          <h1 className="max-w-2xl text-3xl font-bold tracking-tight sm:text-5xl">Find your next car, at an honest price.</h1>
          <p className="mt-3 max-w-2xl text-lg text-brand-100">
            {formatInt(total)} cars for sale from dealers and private sellers, each with a clear price verdict.
          </p>
          <Form method="get" action={PATHS.search} aria-label="Search cars for sale" className="mt-8 rounded-2xl bg-white p-4 text-ink shadow-xl sm:p-6">
            <fieldset className="mb-4 flex flex-wrap gap-2">
              <legend className="sr-only">Condition</legend>
              {(["USED", "NEW", "CERTIFIED"] as const)
                .map((value) => ({ value, label: CONDITION_NAMES[value] }))
                .map((c) => (
                  <label key={c.value} className="cursor-pointer">
                    <input type="radio" name="listingType" value={c.value} defaultChecked={c.value === "USED"} className="peer sr-only" />
                    <span
                      className={
                        "inline-block rounded-full border border-slate-300 px-4 py-1.5 text-sm font-semibold peer-checked:border-brand-600 " +
                        "peer-checked:bg-brand-600 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500"
                      }
                    >
                      {c.label}
                    </span>
                  </label>
                ))}
            </fieldset>
            <div className="grid gap-3 sm:grid-cols-[1fr_1fr_10rem_auto]">
              <label className="block">
                <span className="mb-1 block text-sm font-medium text-slate-700">Make</span>
                <select
                  name="makeCode"
                  value={make}
                  onChange={(e) => setMake(e.target.value)}
                  className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5"
                >
                  <option value="">All makes</option>
                  {makes.map((m) => (
                    <option key={m.code} value={m.code}>
                      {m.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="block">
                <span className="mb-1 block text-sm font-medium text-slate-700">Model</span>
                {/* Without JavaScript every make's models are offered, grouped by make: each value
                    names its make (MAKE:MODEL), so a model alone selects its make, and a model of
                    another make than the one chosen is said on the results page (docs/search-urls.md). */}
                <select name="modelCode" defaultValue="" key={make} className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5">
                  <option value="">All models</option>
                  {modelGroups.map((m) => (
                    <optgroup key={m.code} label={m.name}>
                      {m.models.map((md) => (
                        <option key={md.code} value={`${m.code}:${md.code}`}>
                          {md.name}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
              </label>
              <label className="block">
                <span className="mb-1 block text-sm font-medium text-slate-700">ZIP Code</span>
                <input
                  name="zip"
                  defaultValue={loaderData.userZip}
                  inputMode="numeric"
                  autoComplete="postal-code"
                  pattern="[0-9]{5}"
                  maxLength={5}
                  placeholder="e.g. 30301"
                  title="Enter a 5-digit ZIP Code"
                  className="w-full rounded-lg border border-slate-300 px-3 py-2.5"
                />
              </label>
              <button type="submit" className="self-end rounded-lg bg-brand-600 px-6 py-2.5 text-lg font-semibold text-white hover:bg-brand-700">
                Show cars
              </button>
            </div>
          </Form>
        </div>
      </section>

      {loaderData.recent.length > 0 ? (
        <section className="mx-auto max-w-7xl px-4 pt-12" aria-labelledby="recently-viewed">
          <h2 id="recently-viewed" className="text-2xl font-bold">
            Recently viewed
          </h2>
          <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
            {loaderData.recent.map((c) => (
              <li key={c.listingId}>
                <a
                  href={PATHS.vehicle(c.listingId)}
                  className="block rounded-xl border border-slate-200 bg-white p-3 shadow-sm hover:border-brand-500 hover:shadow"
                >
                  <span className="relative block">
                    <img
                      src={c.photo ?? vehicleImagePath(c.bodyStyleCode, c.extColor, 0)}
                      alt=""
                      width={160}
                      height={120}
                      loading="lazy"
                      className="aspect-[4/3] w-full rounded-lg object-cover"
                    />
                    {/* A drawing is labelled as one (docs/photos.md; IllustrationBadge's short label, written
                        here so the home page's bundle does not share the results page's photo module). */}
                    {c.photo ? null : (
                      <span className="photo-badge absolute bottom-1.5 left-1.5" data-illustration="">
                        Illustration
                      </span>
                    )}
                  </span>
                  <span className="mt-2 block text-sm font-semibold leading-snug">{c.title}</span>
                  <span className="block font-bold">{formatPrice(c.price)}</span>
                  <span className="block text-xs text-slate-600">{formatMiles(c.mileage)}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="body-styles">
        <h2 id="body-styles" className="text-2xl font-bold">
          Shop by body style
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {BODY_STYLES.map((b) => (
            <li key={b.code}>
              <Link
                to={loaderData.bodyHrefs[b.code] ?? PATHS.search}
                className="block rounded-xl border border-slate-200 bg-white p-3 text-center font-semibold shadow-sm hover:border-brand-500 hover:shadow"
              >
                <img
                  src={vehicleImagePath(b.code, b.color, 1)}
                  alt=""
                  width={160}
                  height={120}
                  loading="lazy"
                  className="mx-auto aspect-[4/3] w-full rounded-lg object-cover"
                />
                <span className="mt-2 block">{b.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto max-w-7xl px-4 pb-4" aria-labelledby="popular-makes">
        <h2 id="popular-makes" className="text-2xl font-bold">
          Popular makes
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
          {popular.map((m) => (
            <li key={m.code}>
              <Link to={m.href} className="flex items-baseline justify-between rounded-lg border border-slate-200 bg-white px-4 py-3 hover:border-brand-500">
                <span className="font-semibold">{m.name}</span>
                <span className="text-sm text-slate-500">{formatInt(m.count)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
