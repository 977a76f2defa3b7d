import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useHydrated } from "../../../components/use-hydrated";
import { formatInt, formatPrice } from "../../../lib/format";
import { KEPT_AS_SERVED, useDocumentOnly, useServedLinks } from "../../../lib/document-only";
import { MODEL_PRICING_KEY, type ModelReferenceData, type PriceRow } from "../view";

interface Tab {
  id: string;
  label: string;
}

/**
 * The model reference section (single make and model): tabs Pricing, Compare Trims, the research
 * tabs from real sources (Car Reviews, Safety, Consumer Reviews; each only under its rule and with
 * data, docs/decisions/024) and FAQs.
 * Each tab is a link to its panel: without JavaScript the panel shows as the :target (the first
 * one when none is targeted); with JavaScript the tabs switch in place (docs/decisions/010, 024).
 */
export function ModelReference({ data }: { data: ModelReferenceData }) {
  const tabs: Tab[] = [];
  if (data.pricing) tabs.push({ id: "model-pricing", label: "Pricing" });
  tabs.push({ id: "model-compare-trims", label: "Compare Trims" });
  for (const r of data.research) tabs.push(r);
  if (data.faqs.length > 0) tabs.push({ id: "model-faqs", label: "FAQs" });
  const hydrated = useHydrated();
  const [active, setActive] = useState(tabs[0].id);
  useEffect(() => {
    const hash = window.location.hash.slice(1);
    if (tabs.some((t) => t.id === hash)) setActive(hash);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const panelClass = (id: string) => (hydrated ? (active === id ? "block" : "hidden") : "hidden target:block");
  return (
    <section aria-labelledby="model-ref-title" className="mt-12 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="model-ref-title" className="text-xl font-bold">
        {data.name} research
      </h2>
      <nav aria-label={`${data.name} research`} className="mt-3 border-b border-slate-200">
        <ul className="-mb-px flex gap-1 overflow-x-auto">
          {tabs.map((t) => (
            <li key={t.id} className="shrink-0">
              <a
                href={`#${t.id}`}
                aria-current={hydrated && active === t.id ? "true" : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  setActive(t.id);
                  window.history.replaceState(window.history.state, "", `#${t.id}`);
                }}
                className={
                  "inline-block border-b-2 border-transparent px-3 py-2 text-sm font-semibold text-slate-700 " +
                  "hover:text-brand-700 aria-[current]:border-brand-600 aria-[current]:text-brand-800"
                }
              >
                {t.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className={hydrated ? "" : "[&:not(:has(>section:target))>section:first-child]:block"}>
        {data.pricing ? (
          <section id="model-pricing" aria-labelledby="model-pricing-title" className={`${panelClass("model-pricing")} pt-4`}>
            <h3 id="model-pricing-title" className="sr-only">
              Pricing
            </h3>
            <PriceTables data={data} pricing={data.pricing} />
            <p className="mt-2 text-xs text-slate-500">From the listings for sale on Forecourt today, nationwide.</p>
          </section>
        ) : null}
        <section id="model-compare-trims" aria-labelledby="model-trims-title" className={`${panelClass("model-compare-trims")} pt-4`}>
          <h3 id="model-trims-title" className="font-semibold">
            Which {data.name} trim is right for you?
          </h3>
          <p className="mt-1 text-sm text-slate-600">Prices, fuel economy and equipment of every trim, side by side.</p>
          <Link to={data.compareTrimsHref} className="mt-3 inline-block rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            Compare {data.name} Trims
          </Link>
        </section>
        {data.research.map((r) => (
          <section key={r.id} id={r.id} aria-labelledby={`${r.id}-title`} className={`${panelClass(r.id)} pt-4`}>
            <h3 id={`${r.id}-title`} className="font-semibold">
              {r.title}
            </h3>
            <p className="text-sm text-slate-600">{r.note}</p>
            {r.groups.map((g) => (
              <div key={g.heading} className="mt-3 max-w-md text-sm">
                <h4 className="font-semibold">{g.heading}</h4>
                <dl className="grid grid-cols-2">{g.items.map((i) => [<dt key={i.label}>{i.label}</dt>, <dd key={`${i.label}=`}>{i.value}</dd>])}</dl>
              </div>
            ))}
            {r.links.map((l) => (
              <Link key={l.href} to={l.href} className="mr-4 mt-3 inline-block text-sm font-semibold text-brand-700 underline">
                {l.label}
              </Link>
            ))}
          </section>
        ))}
        {data.faqs.length > 0 ? (
          <section id="model-faqs" aria-labelledby="model-faqs-title" className={`${panelClass("model-faqs")} pt-4`}>
            <h3 id="model-faqs-title" className="sr-only">
              FAQs
            </h3>
            <div className="divide-y divide-slate-200">
              {data.faqs.map((f) => (
                <details key={f.question} className="group py-3">
                  <summary className="cursor-pointer font-semibold text-ink marker:text-brand-600">{f.question}</summary>
                  <p className="mt-2 text-sm text-slate-700">{f.answer}</p>
                </details>
              ))}
            </div>
          </section>
        ) : null}
      </div>
    </section>
  );
}

/**
 * The Pricing tab's tables: on a document kept as served (ADR 032), their links still client
 * navigations; otherwise rendered from the data.
 */
function PriceTables({ data, pricing }: { data: ModelReferenceData; pricing: NonNullable<ModelReferenceData["pricing"]> }) {
  const served = useDocumentOnly<NonNullable<ModelReferenceData["pricing"]>>(MODEL_PRICING_KEY);
  const followLink = useServedLinks();
  const rows = pricing.kept ? served : pricing;
  const className = "grid grid-cols-1 gap-6 lg:grid-cols-2";
  if (rows === undefined) return <div className={className} {...KEPT_AS_SERVED} onClick={followLink} />;
  return (
    <div className={className}>
      {rows.byYear.length > 0 ? <PriceTable caption={`${data.conditionWord} ${data.name} prices by model year`} head="Year" rows={rows.byYear} /> : null}
      {rows.byTrim.length > 0 ? <PriceTable caption={`${data.conditionWord} ${data.name} prices by trim`} head="Trim" rows={rows.byTrim} /> : null}
    </div>
  );
}

function PriceTable({ caption, head, rows }: { caption: string; head: string; rows: PriceRow[] }) {
  return (
    <table className="w-full text-sm">
      <caption className="mb-2 text-left font-semibold text-ink">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
          <th scope="col" className="py-1.5 pr-2">
            {head}
          </th>
          <th scope="col" className="py-1.5 pr-2 text-right">
            Average
          </th>
          <th scope="col" className="py-1.5 pr-2 text-right">
            Starting
          </th>
          <th scope="col" className="py-1.5 pr-2 text-right max-sm:hidden">
            Highest
          </th>
          <th scope="col" className="py-1.5 text-right">
            For sale
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.value} className="border-b border-slate-100">
            <th scope="row" className="py-1.5 pr-2 text-left font-medium">
              <Link to={r.link} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
                {r.value}
              </Link>
            </th>
            <td className="py-1.5 pr-2 text-right tabular-nums">{formatPrice(r.avgPrice)}</td>
            <td className="py-1.5 pr-2 text-right tabular-nums">{formatPrice(r.startingPrice)}</td>
            <td className="py-1.5 pr-2 text-right tabular-nums max-sm:hidden">{formatPrice(r.maxPrice)}</td>
            <td className="py-1.5 text-right tabular-nums">{formatInt(r.count)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
