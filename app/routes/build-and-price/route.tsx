// Build-and-price: /build-and-price?makeCode=&modelCode=&ownerId=&trim=&year=&zip=
// (docs/compare.md). A trim's configuration, its option packages (a GET form of checkboxes; the
// total updates on change with JavaScript), the MSRP, and dealers near the ZIP that carry the
// model. A trim that is not in the catalogue is a 404 with a way back to the trims.
import { Form, isRouteErrorResponse } from "react-router";
import { useHydrated } from "../../components/use-hydrated";
import type { Route } from "./+types/route";
import { buildAndPriceHref } from "../../lib/compare";
import { formatInt, formatPrice } from "../../lib/format";
import { PATHS } from "../../lib/routes";
import { vehicleImagePath } from "../../lib/vehicle-image-path";
import { appContext, shopperContext } from "../../server/http/request-context.server";
import { dealerRatingSourceText, dealerRatingText } from "../../lib/trust-signals";
import { loadBuildAndPricePage } from "./loader.server";

export async function loader({ url, context }: Route.LoaderArgs) {
  return loadBuildAndPricePage(url, context.get(appContext), context.get(shopperContext));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `Build and price the ${loaderData.build.year} ${loaderData.build.makeName} ${loaderData.build.modelName} ${loaderData.build.trimName} | Forecourt`
      : "Build and price | Forecourt",
  },
];

export default function BuildAndPrice({ loaderData }: Route.ComponentProps) {
  const { build: b, zipError, typedZip, trimsHref } = loaderData;
  const hydrated = useHydrated();
  const name = `${b.year} ${b.makeName} ${b.modelName} ${b.trimName}`;
  const keep = (
    <>
      <input type="hidden" name="makeCode" value={b.makeCode} />
      <input type="hidden" name="modelCode" value={b.modelCode} />
      {b.ownerId ? <input type="hidden" name="ownerId" value={b.ownerId} /> : null}
      <input type="hidden" name="trim" value={b.trimName} />
      <input type="hidden" name="year" value={b.year} />
    </>
  );
  const selected = b.packages.filter((p) => p.selected);
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <p className="text-sm font-semibold text-brand-700">
        <a href={trimsHref} className="hover:underline">
          ← Compare {b.makeName} {b.modelName} trims
        </a>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink">Build and price the {name}</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <section aria-labelledby="config-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className="grid gap-5 sm:grid-cols-[16rem_minmax(0,1fr)]">
              <img
                src={vehicleImagePath(b.bodyStyleCode, "WHITE", 0)}
                alt={`${name}, front three-quarter view`}
                width={400}
                height={300}
                className="aspect-[4/3] w-full rounded-xl bg-slate-100 object-cover"
              />
              <div>
                <h2 id="config-heading" className="text-lg font-bold text-ink">
                  Configuration
                </h2>
                <dl className="mt-2 text-sm">
                  {b.config.map(([k, v]) => (
                    <div key={k} className="flex justify-between gap-4 border-b border-slate-100 py-2">
                      <dt className="text-slate-600">{k}</dt>
                      <dd className="text-right font-medium text-ink">{v}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            </div>
          </section>

          <section aria-labelledby="packages-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="packages-heading" className="text-lg font-bold text-ink">
              Packages
            </h2>
            {b.packages.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">This trim comes as it is: no option packages.</p>
            ) : (
              <Form method="get" action={PATHS.buildAndPrice} preventScrollReset replace className="mt-3">
                {keep}
                {b.zip ? <input type="hidden" name="zip" value={b.zip.value} /> : null}
                <fieldset>
                  <legend className="sr-only">Option packages for the {name}</legend>
                  <ul className="divide-y divide-slate-100">
                    {b.packages.map((p) => (
                      <li key={p.code}>
                        <label className="flex cursor-pointer items-center gap-3 py-2.5 text-sm">
                          <input
                            type="checkbox"
                            name="pkg"
                            value={p.code}
                            defaultChecked={p.selected}
                            onChange={(e) => e.currentTarget.form?.requestSubmit()}
                            className="size-4 accent-brand-600"
                          />
                          <span className="flex-1 font-medium text-ink">{p.name}</span>
                          <span className="tabular-nums text-slate-700">+{formatPrice(p.price)}</span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </fieldset>
                {hydrated ? null : (
                  <button
                    type="submit"
                    className="mt-3 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                  >
                    Update price
                  </button>
                )}
              </Form>
            )}
          </section>

          <section aria-labelledby="dealers-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h2 id="dealers-heading" className="text-lg font-bold text-ink">
                Dealers near {b.zip ? `${b.zip.place} ${b.zip.value}` : "you"} with the {b.makeName} {b.modelName}
              </h2>
              <Form method="get" action={PATHS.buildAndPrice} className="flex items-end gap-2">
                {keep}
                {selected.map((p) => (
                  <input key={p.code} type="hidden" name="pkg" value={p.code} />
                ))}
                <div>
                  <label htmlFor="build-zip" className="block text-xs font-semibold text-slate-700">
                    ZIP Code
                  </label>
                  <input
                    id="build-zip"
                    name="zip"
                    inputMode="numeric"
                    autoComplete="postal-code"
                    maxLength={5}
                    defaultValue={typedZip}
                    aria-invalid={zipError ? true : undefined}
                    aria-describedby={zipError ? "build-zip-error" : undefined}
                    className="mt-1 w-28 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
                  />
                </div>
                <button
                  type="submit"
                  className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                >
                  Find dealers
                </button>
              </Form>
            </div>
            {zipError ? (
              <p id="build-zip-error" className="mt-2 text-sm font-medium text-red-700">
                {zipError}
              </p>
            ) : null}
            {b.dealers.length === 0 ? (
              <p className="mt-3 text-sm text-slate-600">
                No dealer lists the {b.makeName} {b.modelName} right now.
              </p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-100" aria-label="Dealers">
                {b.dealers.map((d) => (
                  <li key={d.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3 text-sm">
                    <div className="min-w-0 flex-1">
                      <p className="font-semibold text-ink">
                        {d.name}
                        {d.chosen ? <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-800">Your dealer</span> : null}
                      </p>
                      <p className="text-slate-600">
                        {d.city}, {d.state}
                        {d.distance !== null ? ` · ${d.distance === 0 ? "under 1" : formatInt(d.distance)} mi away` : ""}
                        {dealerRatingText(d) ? ` · ${dealerRatingText(d)} (${dealerRatingSourceText(d)})` : ""}
                        {d.phone ? ` · ${d.phone}` : ""}
                      </p>
                    </div>
                    <a href={d.href} className="font-semibold text-brand-700 hover:underline">
                      See {formatInt(d.count)} {b.makeName} {b.modelName} {d.count === 1 ? "listing" : "listings"}
                      <span className="sr-only"> at {d.name}</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
            {!b.zip && !zipError ? <p className="mt-2 text-xs text-slate-500">Enter your ZIP Code to see the nearest dealers first.</p> : null}
          </section>
        </div>

        <aside aria-labelledby="price-heading" className="h-fit rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-4">
          <h2 id="price-heading" className="text-lg font-bold text-ink">
            Your {b.trimName}
          </h2>
          <dl className="mt-3 text-sm">
            <div className="flex justify-between py-1.5">
              <dt className="text-slate-600">Base MSRP</dt>
              <dd className="font-semibold tabular-nums text-ink">{formatPrice(b.msrp)}</dd>
            </div>
            {selected.map((p) => (
              <div key={p.code} className="flex justify-between gap-3 py-1.5">
                <dt className="text-slate-600">{p.name}</dt>
                <dd className="tabular-nums text-ink">+{formatPrice(p.price)}</dd>
              </div>
            ))}
            <div className="mt-2 flex justify-between border-t border-slate-200 pt-3">
              <dt className="font-semibold text-ink">Total MSRP</dt>
              <dd className="text-2xl font-bold tabular-nums text-ink" data-testid="build-total" aria-live="polite">
                {formatPrice(b.total)}
              </dd>
            </div>
          </dl>
          <p className="mt-3 text-xs text-slate-500">
            Before taxes, fees and destination. MSRPs and packages are illustrative estimates, not manufacturer data.
          </p>
          {b.years.length > 1 ? (
            <p className="mt-4 text-sm text-slate-700">
              Other years:{" "}
              {b.years
                .filter((y) => y !== b.year)
                .slice(0, 5)
                .map((y, i) => (
                  <span key={y}>
                    {i > 0 ? ", " : ""}
                    <a
                      className="font-semibold text-brand-700 hover:underline"
                      href={buildAndPriceHref({
                        makeCode: b.makeCode,
                        modelCode: b.modelCode,
                        ownerId: b.ownerId,
                        trim: b.trimName,
                        year: y,
                        zip: b.zip?.value,
                      })}
                    >
                      {y}
                    </a>
                  </span>
                ))}
            </p>
          ) : null}
        </aside>
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const back = notFound && error.data && typeof error.data.back === "string" ? (error.data.back as string) : PATHS.compareTrims;
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{notFound ? "We couldn't find that trim" : "Something went wrong"}</h1>
      <p className="mt-3 text-slate-600">{notFound ? "Choose a trim from the model's trims to build and price it." : "Please try again in a moment."}</p>
      <p className="mt-8">
        <a className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700" href={back}>
          Compare trims
        </a>
      </p>
    </main>
  );
}
