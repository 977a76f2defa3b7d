// Consumer reviews of a model year: the ratings (overall, categories, a bar per star count drawn on
// the server), the reviews most helpful first, and 'Was this review helpful?' (a POST form; with
// JavaScript a fetcher answers in place). Used by the vehicle page and the model year's reviews page.
import { RESEARCH_PATHS } from "../../lib/research-paths";
import { Link, useFetcher } from "react-router";
import { ConsumerRatingsSummary, StarText, type RatingsView } from "./consumer-ratings";

export interface ReviewItemView {
  id: number;
  authorName: string;
  year: number;
  trimName: string | null;
  overall: number;
  categories: { key: string; label: string; value: number }[];
  title: string;
  body: string;
  helpfulYes: number;
  helpfulNo: number;
  updatedAt: number;
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** 'Was this review helpful?' Yes / No: a POST form; with JavaScript a fetcher answers in place. */
export function HelpfulVote({ reviewId, returnTo, kind = "consumer" }: { reviewId: number; returnTo: string; kind?: "consumer" | "dealer" }) {
  const fetcher = useFetcher<{ message: string }>();
  if (fetcher.data) {
    return (
      <p role="status" className="text-sm font-medium text-green-800">
        {fetcher.data.message}
      </p>
    );
  }
  return (
    <fetcher.Form method="post" action={RESEARCH_PATHS.reviewHelpful} className="flex flex-wrap items-center gap-2 text-sm">
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="reviewId" value={reviewId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <span id={`helpful-${kind}-${reviewId}`}>Was this review helpful?</span>
      <button
        type="submit"
        name="helpful"
        value="yes"
        aria-describedby={`helpful-${kind}-${reviewId}`}
        className="rounded border border-slate-300 px-2 py-0.5 font-semibold text-brand-700 hover:bg-brand-50"
      >
        Yes
      </button>
      <button
        type="submit"
        name="helpful"
        value="no"
        aria-describedby={`helpful-${kind}-${reviewId}`}
        className="rounded border border-slate-300 px-2 py-0.5 font-semibold text-brand-700 hover:bg-brand-50"
      >
        No
      </button>
    </fetcher.Form>
  );
}

/** One review; its title is a heading one level below the section's (`level`). */
export function ReviewItem({ review, returnTo, level = 3 }: { review: ReviewItemView; returnTo: string; level?: 2 | 3 }) {
  const H = level === 2 ? "h2" : "h3";
  return (
    <article aria-labelledby={`review-${review.id}-title`} id={`review-${review.id}`} className="py-4">
      <H id={`review-${review.id}-title`} className="font-semibold">
        {review.title}
      </H>
      <p className="text-sm">
        <StarText value={review.overall} label="Overall Rating" />
      </p>
      <p className="text-xs text-slate-600">
        {review.authorName} · {review.year}
        {review.trimName ? ` ${review.trimName}` : ""} · {dateFormat.format(review.updatedAt)}
      </p>
      <p className="mt-2 whitespace-pre-line text-sm text-slate-800">{review.body}</p>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Category ratings">
        {review.categories.map((c) => (
          <li key={c.key}>
            {c.label} {c.value}/5
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-600" data-testid="helpful-count">
        {review.helpfulYes} {review.helpfulYes === 1 ? "person" : "people"} found this helpful
        {review.helpfulNo > 0 ? `, ${review.helpfulNo} did not` : ""}
      </p>
      <div className="mt-1">
        <HelpfulVote reviewId={review.id} returnTo={returnTo} />
      </div>
    </article>
  );
}

export interface ModelYearReviewsView {
  name: string;
  ratings: RatingsView | null;
  reviews: ReviewItemView[];
  total: number;
  page: number;
  pages: number;
  writeHref: string;
  allHref: string;
}

/**
 * The model year's ratings and one page of its reviews, most helpful first. `pageHref` builds the
 * link of another page (the vehicle page keeps its own path; the reviews page its own).
 */
export function ModelYearReviewsSection({
  data,
  pageHref,
  returnTo,
  headingLevel = 2,
}: {
  data: ModelYearReviewsView;
  pageHref: (page: number) => string;
  returnTo: string;
  headingLevel?: 1 | 2;
}) {
  const H = headingLevel === 1 ? "h1" : "h2";
  // The ratings and each review are headed one level below the section (no level skipped).
  const sub = headingLevel === 1 ? 2 : 3;
  return (
    <section id="consumer-reviews" aria-labelledby="consumer-reviews-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <H id="consumer-reviews-title" className={headingLevel === 1 ? "text-3xl font-bold tracking-tight" : "text-xl font-bold"}>
        {data.name} consumer reviews
      </H>
      {data.ratings ? (
        <div className="mt-4">
          <ConsumerRatingsSummary ratings={data.ratings} headingLevel={sub} />
        </div>
      ) : null}
      {data.total === 0 ? <p className="mt-3 text-slate-700">No reviews of the {data.name} yet. Own one or drove one? Be the first to review it.</p> : null}
      <div className="mt-2 divide-y divide-slate-200">
        {data.reviews.map((r) => (
          <ReviewItem key={r.id} review={r} returnTo={returnTo} level={sub} />
        ))}
      </div>
      {data.pages > 1 ? (
        <nav aria-label="Review pages" className="mt-3 flex items-center gap-3 text-sm">
          {data.page > 1 ? (
            <Link to={pageHref(data.page - 1)} className="font-semibold text-brand-700 hover:underline">
              Previous reviews
            </Link>
          ) : null}
          <span>
            Page {data.page} of {data.pages}
          </span>
          {data.page < data.pages ? (
            <Link to={pageHref(data.page + 1)} className="font-semibold text-brand-700 hover:underline">
              More reviews
            </Link>
          ) : null}
        </nav>
      ) : null}
      <p className="mt-4">
        <Link to={data.writeHref} className="inline-block rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          Write a review of the {data.name}
        </Link>
      </p>
    </section>
  );
}
