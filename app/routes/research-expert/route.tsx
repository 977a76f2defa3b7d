// A published expert review: headline, score, verdict, pros and cons, the review (Markdown rendered
// to sanitised HTML on save), the author and date.
import { Link } from "react-router";
import type { Route } from "./+types/route";
import { loadExpertReviewPage } from "./loader.server";
import { ResearchErrorPage } from "../../components/research/research-page-parts";

export async function loader({ params }: Route.LoaderArgs) {
  return loadExpertReviewPage(params.id);
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [{ title: `${loaderData.name} review: ${loaderData.headline} | Forecourt` }, { name: "description", content: loaderData.verdict }]
    : [{ title: "Review not found | Forecourt" }];

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

export default function ExpertReviewPage({ loaderData }: Route.ComponentProps) {
  const r = loaderData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Car Reviews · {r.name}</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">{r.headline}</h1>
      <p className="mt-2 text-sm text-slate-600">
        By {r.author}, Forecourt editor · {dateFormat.format(r.publishedAt ?? r.updatedAt)}
      </p>
      <p className="mt-4 text-lg">
        <strong>{r.score}/10.</strong> {r.verdict}
      </p>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="pros-title">
          <h2 id="pros-title" className="font-semibold">
            Pros
          </h2>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {r.pros.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="cons-title">
          <h2 id="cons-title" className="font-semibold">
            Cons
          </h2>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {r.cons.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </section>
      </div>
      <article
        aria-label="The review"
        className={
          "prose mt-8 max-w-none space-y-3 [&_a]:text-brand-700 [&_a]:underline [&_h3]:text-lg " +
          "[&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
        }
        dangerouslySetInnerHTML={{ __html: r.bodyHtml }}
      />
      <p className="mt-8">
        <Link to={r.resultsHref} className="font-semibold text-brand-700 hover:underline">
          See {r.name.replace(/^\d{4} /, "")} cars for sale
        </Link>
      </p>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ResearchErrorPage error={error} notFound="We could not find that review" width="max-w-3xl" />;
}
