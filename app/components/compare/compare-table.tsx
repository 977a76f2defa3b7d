// The /compare page's body: up to 5 cars side by side, rows grouped (Overview, Specs, Features,
// Seller), rows whose values differ in a way that matters highlighted (docs/compare.md), and a
// 'Show only differences' switch that is a GET checkbox without JavaScript and instant with it.
// On a phone two cars fit the screen's width with each row's label above its values, and the car
// headers stay pinned while the rows scroll (docs/phone.md).
import { useEffect, useState, type CSSProperties } from "react";
import { Form, useSearchParams } from "react-router";
import { useHydrated } from "../use-hydrated";
import { compareUrl } from "../../lib/compare";
import { PATHS } from "../../lib/routes";
import type { ComparePageData, CompareCell } from "../../lib/compare-view";
import { DealBadge } from "../vehicle/sections";

export function CompareTable({ page }: { page: ComparePageData }) {
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  const [only, setOnly] = useState(page.onlyDifferences);
  useEffect(() => setOnly(page.onlyDifferences), [page.onlyDifferences]);
  const zip = page.zip?.value;
  const diffParam = only ? "1" : undefined;
  const activeCount = page.columns.filter((c) => c.active).length;

  return (
    <div>
      <div className="flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <Form method="get" action={PATHS.compare} className="flex items-center gap-3" preventScrollReset>
          {page.source === "url" ? <input type="hidden" name="ids" value={page.ids.join(",")} /> : null}
          {zip ? <input type="hidden" name="zip" value={zip} /> : null}
          <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-semibold text-ink">
            <input
              type="checkbox"
              name="diff"
              value="1"
              checked={only}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setOnly(on);
                // Keep the address in step (shareable), without reloading the data.
                const next = new URLSearchParams(params);
                if (on) next.set("diff", "1");
                else next.delete("diff");
                setParams(next, { replace: true, preventScrollReset: true });
              }}
              className="size-4 accent-brand-600"
            />
            Show only differences
          </label>
          {hydrated ? null : (
            <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50">
              Apply
            </button>
          )}
        </Form>
        <p className="text-sm text-slate-600" aria-live="polite">
          {activeCount < 2 ? (
            "Add another car for sale to see the differences."
          ) : page.differenceCount === 0 ? (
            "These cars match on every row."
          ) : (
            <>
              <span aria-hidden="true" className="mr-1 inline-block size-3 rounded-sm border-l-4 border-amber-400 bg-amber-50 align-middle" />
              {page.differenceCount} {page.differenceCount === 1 ? "row differs" : "rows differ"}, highlighted.
            </>
          )}
        </p>
        <Form method="get" action={PATHS.compare} className="ml-auto flex flex-wrap items-end gap-2">
          {page.source === "url" ? <input type="hidden" name="ids" value={page.ids.join(",")} /> : null}
          {only ? <input type="hidden" name="diff" value="1" /> : null}
          <div>
            <label htmlFor="compare-zip" className="block text-xs font-semibold text-slate-700">
              Distance from ZIP Code
            </label>
            <input
              id="compare-zip"
              name="zip"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              defaultValue={page.zipError ? page.typedZip : (zip ?? "")}
              aria-invalid={page.zipError ? true : undefined}
              aria-describedby={page.zipError ? "compare-zip-error" : undefined}
              className="mt-1 w-28 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
            />
          </div>
          <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50">
            Update
          </button>
          {page.zipError ? (
            <p id="compare-zip-error" className="w-full text-sm font-medium text-red-700">
              {page.zipError}
            </p>
          ) : page.zip ? (
            <p className="w-full text-xs text-slate-600">
              From {page.zip.place}
              {page.zip.fromCookie ? " (your saved ZIP)" : ""}
            </p>
          ) : null}
        </Form>
      </div>

      {/* Below 768 px (.compare-scroll, .compare-table in app/app.css): two cars to a screen's
          width, each row's label above its values, the car headers pinned while the rows scroll. */}
      <div className="compare-scroll ring-inside relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="compare-table w-full table-fixed border-collapse text-sm md:min-w-[40rem]" style={{ "--cars": page.columns.length } as CSSProperties}>
          <caption className="sr-only">
            {page.columns.length} cars side by side{only ? ", only the rows that differ" : ""}. Rows that differ are marked.
          </caption>
          <colgroup>
            <col className="w-36 sm:w-44" />
            {page.columns.map((c) => (
              <col key={c.id} />
            ))}
          </colgroup>
          <thead>
            <tr>
              <td className="sticky left-0 z-10 bg-white" />
              {page.columns.map((c) => (
                <th key={c.id} scope="col" className="border-l border-slate-100 p-3 text-left align-top font-normal">
                  <div className="relative">
                    <img
                      src={c.image}
                      alt=""
                      width={320}
                      height={240}
                      className={`aspect-video w-full rounded-lg bg-slate-100 object-cover md:aspect-[4/3] ${c.active ? "" : "opacity-50 grayscale"}`}
                    />
                    {c.illustration ? <span className="photo-badge absolute bottom-2 left-2">Illustration</span> : null}
                    {c.status ? (
                      <span className="absolute left-2 top-2 rounded-md bg-slate-900/85 px-2 py-0.5 text-xs font-semibold text-white">{c.status}</span>
                    ) : c.condition !== "Used" ? (
                      <span className="absolute left-2 top-2 rounded-md bg-white/95 px-2 py-0.5 text-xs font-semibold text-brand-800 shadow-sm">
                        {c.condition}
                      </span>
                    ) : null}
                  </div>
                  <p className="mt-2 font-semibold leading-snug text-ink">
                    {c.active ? (
                      <a href={c.href} className="hover:underline">
                        {c.title}
                      </a>
                    ) : (
                      c.title
                    )}
                  </p>
                  {c.status ? (
                    <p className="mt-1 text-xs text-slate-600">
                      {c.status === "Sold" ? "This car has sold." : "This listing is no longer for sale."}{" "}
                      <a href={c.similarHref} className="font-semibold text-brand-700 underline">
                        See similar cars
                      </a>
                    </p>
                  ) : null}
                  <Form method="post" action={PATHS.compare} className="mt-2">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="id" value={c.id} />
                    <input
                      type="hidden"
                      name="returnTo"
                      value={
                        page.source === "url"
                          ? compareUrl(
                              page.ids.filter((x) => x !== c.id),
                              { zip, diff: diffParam },
                            )
                          : compareUrl([], { zip, diff: diffParam })
                      }
                    />
                    <button type="submit" className="text-xs font-semibold text-red-700 hover:underline">
                      Remove<span className="sr-only"> {c.title}</span>
                    </button>
                  </Form>
                </th>
              ))}
            </tr>
          </thead>
          {page.groups.map((g) => {
            const rows = only ? g.rows.filter((r) => r.differs) : g.rows;
            if (rows.length === 0) return null;
            return (
              <tbody key={g.title}>
                <tr>
                  <th
                    scope="rowgroup"
                    colSpan={page.columns.length + 1}
                    className="bg-slate-50 px-3 py-2 text-left text-xs font-bold uppercase tracking-wide text-slate-600"
                  >
                    <span className="compare-label">{g.title}</span>
                  </th>
                </tr>
                {rows.map((r) => (
                  <tr key={r.key} data-differs={r.differs ? "true" : undefined} className={`border-t border-slate-100 ${r.differs ? "bg-amber-50/70" : ""}`}>
                    <th
                      scope="row"
                      className={
                        `sticky left-0 z-10 border-l-4 px-3 py-2 text-left align-top font-medium text-slate-700 ` +
                        `${r.differs ? "border-amber-400 bg-amber-50" : "border-transparent bg-white"}`
                      }
                    >
                      <span className="compare-label">
                        {r.label}
                        {r.differs ? <span className="sr-only"> (differs)</span> : null}
                      </span>
                    </th>
                    {r.cells.map((cell, i) => (
                      <td
                        key={page.columns[i].id}
                        className={`border-l border-slate-100 px-3 py-2 align-top ${page.columns[i].active ? "text-ink" : "text-slate-400"}`}
                      >
                        <Cell cell={cell} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            );
          })}
        </table>
      </div>
    </div>
  );
}

function Cell({ cell }: { cell: CompareCell }) {
  if (cell.has !== undefined) {
    return cell.has ? (
      <span className="font-semibold text-deal-good">
        <span aria-hidden="true">✓ </span>Yes
      </span>
    ) : (
      <span className="text-slate-500">
        <span aria-hidden="true">– </span>No
      </span>
    );
  }
  return (
    <>
      {cell.deal ? (
        <DealBadge rating={cell.deal} />
      ) : cell.text === null ? (
        <>
          <span aria-hidden="true" className="text-slate-400">
            —
          </span>
          <span className="sr-only">Not available</span>
        </>
      ) : (
        <span>{cell.text}</span>
      )}
      {cell.note ? <span className="mt-1 block text-xs text-slate-600">{cell.note}</span> : null}
    </>
  );
}
