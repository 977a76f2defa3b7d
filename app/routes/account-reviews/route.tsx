// The signed-in shopper's reviews and their state: waiting for a moderator, published, or not
// published with the moderator's reason. Edit or delete each.
import { Form, Link } from "react-router";
import type { Route } from "./+types/route";
import { secondaryButton } from "../../components/account/field";
import { REVIEW_STATUS_LABELS, type ReviewStatus } from "../../lib/reviews";
import { loadMyReviews } from "./loader.server";
import { myReviewsAction } from "./action.server";

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadMyReviews(request, url);
}

export async function action({ request }: Route.ActionArgs) {
  return myReviewsAction(request);
}

export const meta = () => [{ title: "My reviews | Forecourt" }, { name: "robots", content: "noindex" }];

export default function MyReviews({ loaderData }: Route.ComponentProps) {
  const { reviews, dealerReviews, notice } = loaderData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">My reviews</h1>
      {notice ? (
        <p role="status" className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
          {notice}
        </p>
      ) : null}
      {reviews.length === 0 && dealerReviews.length === 0 ? (
        <p className="mt-6 text-slate-700">
          You have not written a review yet. Every car’s page has a link to review its model year, and to review the dealer once you contacted it.
        </p>
      ) : (
        <ul className="mt-6 space-y-4" aria-label="My reviews">
          {[
            ...reviews.map((r) => ({
              kind: "consumer",
              id: r.id,
              heading: `${r.name}: ${r.title}`,
              title: r.title,
              status: r.status,
              rejectReason: r.rejectReason,
              body: r.body,
              editHref: r.editHref,
            })),
            ...dealerReviews.map((r) => ({
              kind: "dealer",
              id: r.id,
              heading: `${r.dealerName}: ${r.title}`,
              title: r.title,
              status: r.status as ReviewStatus,
              rejectReason: r.rejectReason,
              body: r.body,
              editHref: r.editHref,
            })),
          ].map((r) => (
            <li key={`${r.kind}-${r.id}`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="text-lg font-bold">{r.heading}</h2>
              <p className="text-sm" data-testid="review-status">
                Status: <strong>{REVIEW_STATUS_LABELS[r.status]}</strong>
                {r.status === "rejected" && r.rejectReason ? <span> — Moderator’s reason: {r.rejectReason}</span> : null}
              </p>
              <p className="mt-2 line-clamp-3 text-sm text-slate-700">{r.body}</p>
              <div className="mt-3 flex flex-wrap gap-3">
                <Link to={r.editHref} className={secondaryButton}>
                  Edit<span className="sr-only"> {r.title}</span>
                </Link>
                <Form method="post">
                  <input type="hidden" name="kind" value={r.kind} />
                  <input type="hidden" name="reviewId" value={r.id} />
                  <button type="submit" name="intent" value="delete" className={secondaryButton}>
                    Delete<span className="sr-only"> {r.title}</span>
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
