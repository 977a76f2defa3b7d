// The vehicle page's model research: consumer reviews of the car's model year (ratings, the most
// helpful reviews, paginated with `reviewsPage`) and the reviews of its dealer by shoppers who
// contacted it through Forecourt; the editors' review of the model year. Sections of their own, after the page's own parts.
import { Link } from "react-router";
import { HelpfulVote, ModelYearReviewsSection, type ModelYearReviewsView } from "./consumer-reviews";
import { StarText } from "./consumer-ratings";

export interface DealerReviewsView {
  dealerName: string;
  reviewHref: string;
  reviews: { id: number; authorName: string; rating: number; title: string; body: string; helpfulYes: number; helpfulNo: number }[];
}

export function VehicleResearch({
  reviews,
  dealer,
  expert,
  canonicalPath,
}: {
  reviews: ModelYearReviewsView | null;
  dealer: DealerReviewsView | null;
  expert: { headline: string; verdict: string; score: number; author: string; href: string } | null;
  canonicalPath: string;
}) {
  return (
    <>
      {expert ? (
        <section aria-labelledby="expert-review-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Car Reviews</p>
          <h2 id="expert-review-title" className="text-xl font-bold">
            {expert.headline}
          </h2>
          <p className="mt-2">
            <strong>{expert.score}/10.</strong> {expert.verdict}
          </p>
          <p className="mt-1 text-sm text-slate-600">By {expert.author}, Forecourt editor</p>
          <Link to={expert.href} className="mt-2 inline-block text-sm font-semibold text-brand-700 underline">
            Read the full review
          </Link>
        </section>
      ) : null}
      {reviews ? (
        <ModelYearReviewsSection
          data={reviews}
          returnTo={`${canonicalPath}${reviews.page > 1 ? `?reviewsPage=${reviews.page}` : ""}`}
          pageHref={(p) => `${canonicalPath}${p > 1 ? `?reviewsPage=${p}` : ""}#consumer-reviews`}
        />
      ) : null}
      {dealer ? (
        <section id="dealer-reviews" aria-labelledby="dealer-reviews-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="dealer-reviews-title" className="text-xl font-bold">
            Reviews of {dealer.dealerName}
          </h2>
          <p className="mt-1 text-sm text-slate-600">By shoppers who contacted this dealer through Forecourt, read by a moderator before publishing.</p>
          {dealer.reviews.length === 0 ? <p className="mt-3 text-slate-700">No reviews of this dealer yet.</p> : null}
          <div className="divide-y divide-slate-200">
            {dealer.reviews.map((r) => (
              <article key={r.id} id={`dealer-review-${r.id}`} aria-labelledby={`dealer-review-${r.id}-title`} className="py-4">
                <h3 id={`dealer-review-${r.id}-title`} className="font-semibold">
                  {r.title}
                </h3>
                <p className="text-sm">
                  <StarText value={r.rating} label="the dealer" />
                </p>
                <p className="text-xs text-slate-600">{r.authorName}</p>
                <p className="mt-2 whitespace-pre-line text-sm text-slate-800">{r.body}</p>
                <p className="mt-2 text-xs text-slate-600" data-testid="helpful-count">
                  {r.helpfulYes} {r.helpfulYes === 1 ? "person" : "people"} found this helpful
                  {r.helpfulNo > 0 ? `, ${r.helpfulNo} did not` : ""}
                </p>
                <HelpfulVote kind="dealer" reviewId={r.id} returnTo={`${canonicalPath}#dealer-reviews`} />
              </article>
            ))}
          </div>
          <p className="mt-3">
            <Link to={dealer.reviewHref} className="text-sm font-semibold text-brand-700 underline">
              Contacted {dealer.dealerName}? Review the dealer
            </Link>
          </p>
        </section>
      ) : null}
    </>
  );
}
