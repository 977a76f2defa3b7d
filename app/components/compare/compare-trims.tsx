// "Compare {make} {model} Trims" (docs/compare.md): the trims of one model year with MSRP,
// engine, drive, MPG / MPGe and range; a fuel-type dropdown (a GET form; it submits on change when
// JavaScript runs); trim names cut to 30 characters with an ellipsis, the full name kept for
// screen readers and on hover; a 'Custom Order Yours' link per trim to build-and-price.
// Data: loadCompareTrims (app/server/compare/trims.server.ts). Embeddable: the model-reference tab
// passes its own form action and hidden fields.
import { Form } from "react-router";
import { useHydrated } from "../use-hydrated";
import { formatInt, formatPrice } from "../../lib/format";
import { PATHS } from "../../lib/routes";
import type { CompareTrimsData } from "../../lib/compare-view";

export interface CompareTrimsProps {
  data: CompareTrimsData;
  /** Where the dropdown's GET form goes (default /compare/trims). */
  formAction?: string;
  /** Extra fields the embedding page needs kept in its URL. */
  hidden?: [string, string][];
  /** The heading level (2 on its own page, 3 inside a tab). */
  headingLevel?: 2 | 3;
}

export function CompareTrims({ data, formAction = PATHS.compareTrims, hidden = [], headingLevel = 2 }: CompareTrimsProps) {
  const hydrated = useHydrated();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = `compare-trims-${data.makeCode}-${data.modelCode}`.toLowerCase();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <Heading id={headingId} className="text-xl font-bold tracking-tight text-ink">
          {data.heading}
        </Heading>
        <Form method="get" action={formAction} preventScrollReset className="flex flex-wrap items-end gap-3">
          {hidden.map(([k, v]) => (
            <input key={`${k}=${v}`} type="hidden" name={k} value={v} />
          ))}
          <input type="hidden" name="makeCode" value={data.makeCode} />
          <input type="hidden" name="modelCode" value={data.modelCode} />
          {data.ownerId ? <input type="hidden" name="ownerId" value={data.ownerId} /> : null}
          {data.zip ? <input type="hidden" name="zip" value={data.zip} /> : null}
          <div>
            <label htmlFor={`${headingId}-year`} className="block text-xs font-semibold text-slate-700">
              Model year
            </label>
            <select
              id={`${headingId}-year`}
              name="year"
              defaultValue={data.year}
              onChange={(e) => e.currentTarget.form?.requestSubmit()}
              className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              {data.years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${headingId}-fuel`} className="block text-xs font-semibold text-slate-700">
              Fuel type
            </label>
            <select
              id={`${headingId}-fuel`}
              name="fuelTypeGroup"
              defaultValue={data.fuelTypeGroup ?? ""}
              onChange={(e) => e.currentTarget.form?.requestSubmit()}
              className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              <option value="">All fuel types</option>
              {data.fuelOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label} ({o.count})
                </option>
              ))}
            </select>
          </div>
          {hydrated ? null : (
            <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50">
              Show trims
            </button>
          )}
        </Form>
      </div>
      <div className="relative mt-4 overflow-x-auto">
        <table className="w-full min-w-[44rem] border-collapse text-sm">
          <caption className="sr-only">
            {data.year} {data.makeName} {data.modelName} trims
            {data.fuelTypeGroup ? `, ${data.fuelOptions.find((o) => o.value === data.fuelTypeGroup)?.label ?? ""}` : ""}
          </caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-600">
              <th scope="col" className="py-2 pr-3 font-semibold">
                Trim
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                MSRP
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Engine
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Drive
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                MPG / MPGe <span className="normal-case">(city / hwy)</span>
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Range
              </th>
              <th scope="col" className="py-2 pl-3">
                <span className="sr-only">Order</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.trims.map((t) => (
              <tr key={t.id} className="border-b border-slate-100 align-top">
                <th scope="row" className="py-3 pr-3 text-left font-semibold text-ink">
                  <span aria-hidden="true" title={t.name}>
                    {t.shortName}
                  </span>
                  <span className="sr-only">{t.name}</span>
                  <span className="block text-xs font-normal text-slate-500">{t.fuel}</span>
                </th>
                <td className="px-3 py-3 text-right font-semibold tabular-nums text-ink">{formatPrice(t.msrp)}</td>
                <td className="px-3 py-3 text-slate-700">{t.engine}</td>
                <td className="px-3 py-3 text-slate-700">{t.drive}</td>
                <td className="px-3 py-3 tabular-nums text-slate-700">{t.economy}</td>
                <td className="px-3 py-3 text-right tabular-nums text-slate-700">
                  {t.range ? (
                    `${formatInt(t.range)} mi`
                  ) : (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">None</span>
                    </>
                  )}
                </td>
                <td className="py-3 pl-3 text-right">
                  <a
                    href={t.buildHref}
                    className="inline-block whitespace-nowrap rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
                  >
                    Custom Order Yours
                    <span className="sr-only">
                      : {data.year} {data.makeName} {data.modelName} {t.name}
                    </span>
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-xs text-slate-500">
        MSRPs and trim names are illustrative estimates, not manufacturer data. Fuel economy and range: EPA estimates (fueleconomy.gov).
      </p>
    </section>
  );
}
