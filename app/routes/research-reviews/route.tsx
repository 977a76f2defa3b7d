// A model year's consumer reviews: its ratings with the distribution of overall stars, the
// published reviews most helpful first (5 a page), 'Was this review helpful?' and 'Write a review'.
import { RESEARCH_PATHS } from "../../lib/research-paths";
import type { Route } from "./+types/route";
import { ModelYearReviewsSection } from "../../components/research/consumer-reviews";
import { loadModelYearReviewsPage } from "./loader.server";
import { ResearchErrorPage } from "../../components/research/research-page-parts";

export async function loader({ params, url }: Route.LoaderArgs) {
  return loadModelYearReviewsPage(params, url);
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: `${loaderData.name} consumer reviews | Forecourt` },
        { name: "description", content: `What owners and drivers of the ${loaderData.name} say: ratings and reviews by Forecourt shoppers.` },
      ]
    : [{ title: "Reviews not found | Forecourt" }, { name: "robots", content: "noindex" }];

export default function ModelYearReviewsPage({ loaderData }: Route.ComponentProps) {
  const page = loaderData;
  const here = RESEARCH_PATHS.modelYearReviews(page.make, page.model, page.year, page.page);
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <ModelYearReviewsSection
        data={page}
        headingLevel={1}
        returnTo={here}
        pageHref={(p) => RESEARCH_PATHS.modelYearReviews(page.make, page.model, page.year, p)}
      />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ResearchErrorPage error={error} notFound="We could not find reviews for that model year" width="max-w-4xl" />;
}
