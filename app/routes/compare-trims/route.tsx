// "Compare {make} {model} Trims": /compare/trims?makeCode=&modelCode=&fuelTypeGroup=&year=
// (docs/compare.md). Without a model it offers a make and model picker (GET forms); an unknown make or
// model is a 404.
import { Form, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/route";
import { CompareTrims } from "../../components/compare/compare-trims";
import { PATHS } from "../../lib/routes";
import { appContext, shopperContext } from "../../server/http/request-context.server";
import { loadCompareTrimsPage } from "./loader.server";

export async function loader({ url, context }: Route.LoaderArgs) {
  return loadCompareTrimsPage(url, context.get(appContext), context.get(shopperContext));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.kind === "trims" ? `${loaderData.trims.year} ${loaderData.trims.heading} | Forecourt` : "Compare trims | Forecourt" },
];

export default function CompareTrimsPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "trims") {
    const t = loaderData.trims;
    return (
      <main className="mx-auto max-w-6xl px-4 py-8">
        <p className="text-sm font-semibold text-brand-700">
          <a href={loaderData.resultsHref} className="hover:underline">
            ← {t.makeName} {t.modelName} for sale
          </a>
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink">
          {t.year} {t.makeName} {t.modelName} trims
        </h1>
        <p className="mt-1 text-slate-600">Every trim side by side, with its price when new. Choose one to configure it and find dealers near you.</p>
        <div className="mt-6">
          <CompareTrims data={t} />
        </div>
      </main>
    );
  }
  const p = loaderData.picker;
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Compare trims</h1>
      <p className="mt-1 text-slate-600">Choose a make and a model to see its trims side by side.</p>
      <Form method="get" action={PATHS.compareTrims} className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <div>
          <label htmlFor="picker-make" className="block text-sm font-semibold text-ink">
            Make
          </label>
          <select id="picker-make" name="makeCode" defaultValue={p.makeCode ?? ""} className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-2">
            <option value="">Choose a make</option>
            {p.makes.map((m) => (
              <option key={m.code} value={m.code}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        {p.makeCode ? (
          <div>
            <label htmlFor="picker-model" className="block text-sm font-semibold text-ink">
              Model
            </label>
            <select id="picker-model" name="modelCode" defaultValue="" className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-2">
              <option value="">Choose a model</option>
              {p.models.map((m) => (
                <option key={m.code} value={m.code}>
                  {m.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          {p.makeCode ? "Compare trims" : "Next"}
        </button>
      </Form>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{notFound ? "We don't know that model" : "Something went wrong"}</h1>
      <p className="mt-3 text-slate-600">{notFound ? "The make or model in the address is not in our catalogue." : "Please try again in a moment."}</p>
      <p className="mt-8">
        <a className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700" href={PATHS.compareTrims}>
          Choose a make and model
        </a>
      </p>
    </main>
  );
}
