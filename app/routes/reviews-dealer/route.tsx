// Review a dealer the shopper contacted through Forecourt (a stored lead): a rating, a title and
// the review. Anyone else is told why not; a moderator reads every review before it is published.
import { Form } from "react-router";
import type { Route } from "./+types/route";
import { NOT_CONTACTED, REVIEW_STATUS_LABELS, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, REVIEW_TITLE_MAX, type ReviewStatus } from "../../lib/reviews";
import { documentHeaders } from "../../server/http/route-headers.server";
import { loadDealerReview } from "./loader.server";
import { dealerReviewAction } from "./action.server";
import { ReviewFormActions, ResearchErrorPage } from "../../components/research/research-page-parts";

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadDealerReview(request, url);
}

export async function action({ request, url }: Route.ActionArgs) {
  return dealerReviewAction(request, url);
}

export const headers = documentHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Review ${loaderData?.dealer.name ?? "a dealer"} | Forecourt` },
  { name: "robots", content: "noindex" },
];

export default function DealerReview({ loaderData, actionData }: Route.ComponentProps) {
  const { dealer, existing, state } = loaderData;
  const reply = actionData;
  const v = (k: string) =>
    reply
      ? reply.values[k]
      : existing
        ? k === "rating"
          ? String(existing.rating)
          : k === "title"
            ? existing.title
            : k === "text"
              ? existing.body
              : undefined
        : undefined;
  const e = (k: string) => reply?.errors[k];
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{existing ? `Edit your review of ${dealer.name}` : `Review ${dealer.name}`}</h1>
      <p className="mt-1 text-slate-600">
        {dealer.city}, {dealer.state}
      </p>
      {existing ? (
        <p className="mt-2 text-slate-700">
          Status: <strong>{REVIEW_STATUS_LABELS[existing.status as ReviewStatus]}</strong>. Saving a change sends it to a moderator again.
        </p>
      ) : null}
      {state === "verify" ? (
        <p role="alert" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-5">
          Reviews come from verified accounts only. Open the link we emailed you, then come back to this page.
        </p>
      ) : state === "not-contacted" ? (
        <p role="alert" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-5">
          {NOT_CONTACTED} Contact the dealer from one of its cars’ pages first.
        </p>
      ) : (
        <Form method="post" noValidate className="mt-6 space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <input type="hidden" name="ownerId" value={dealer.id} />
          {reply?.message ? (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {reply.message}
            </p>
          ) : null}
          <fieldset aria-describedby={e("rating") ? "rating-error" : undefined}>
            <legend className="text-sm font-semibold text-slate-800">Your rating of the dealer</legend>
            <div className="mt-1 flex flex-wrap gap-3">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className="inline-flex items-center gap-1 text-sm">
                  <input type="radio" name="rating" value={n} defaultChecked={v("rating") === String(n)} />
                  {n} {n === 1 ? "star" : "stars"}
                </label>
              ))}
            </div>
            {e("rating") ? (
              <p id="rating-error" className="mt-1 text-sm font-medium text-red-700">
                {e("rating")}
              </p>
            ) : null}
          </fieldset>
          <div>
            <label htmlFor="dealer-review-title" className="block text-sm font-semibold text-slate-800">
              Title
            </label>
            <input
              id="dealer-review-title"
              name="title"
              defaultValue={v("title")}
              maxLength={REVIEW_TITLE_MAX}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
            />
            {e("title") ? <p className="mt-1 text-sm font-medium text-red-700">{e("title")}</p> : null}
          </div>
          <div>
            <label htmlFor="dealer-review-text" className="block text-sm font-semibold text-slate-800">
              Your review
            </label>
            <p className="text-xs text-slate-600">
              {REVIEW_TEXT_MIN} to {REVIEW_TEXT_MAX} characters: how the dealer answered, the visit, the paperwork.
            </p>
            <textarea
              id="dealer-review-text"
              name="text"
              rows={7}
              defaultValue={v("text")}
              maxLength={REVIEW_TEXT_MAX}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
            />
            {e("text") ? <p className="mt-1 text-sm font-medium text-red-700">{e("text")}</p> : null}
          </div>
          <ReviewFormActions existing={Boolean(existing)} />
        </Form>
      )}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ResearchErrorPage error={error} notFound="We could not find that dealer" />;
}
