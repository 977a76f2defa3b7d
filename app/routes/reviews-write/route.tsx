// Write (or edit) the signed-in shopper's review of a model year: the overall rating and each
// category, a title, the review, the trim. One review per account and model year; every write waits
// for a moderator. A plain POST form: errors show beside their fields and what was typed stays.
import { Form, Link } from "react-router";
import type { Route } from "./+types/route";
import { OVERALL_RATING, REVIEW_CATEGORIES, REVIEW_STATUS_LABELS, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, REVIEW_TITLE_MAX } from "../../lib/reviews";
import { PATHS } from "../../lib/routes";
import { documentHeaders } from "../../server/http/route-headers.server";
import { loadWriteReview } from "./loader.server";
import { writeReviewAction } from "./action.server";
import { ReviewFormActions, ResearchErrorPage } from "../../components/research/research-page-parts";

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadWriteReview(request, url);
}

export async function action({ request, url }: Route.ActionArgs) {
  return writeReviewAction(request, url);
}

export const headers = documentHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Review the ${loaderData?.name ?? "car"} | Forecourt` },
  { name: "robots", content: "noindex" },
];

function StarField({ name, label, value, error }: { name: string; label: string; value: string | undefined; error: string | undefined }) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-semibold text-slate-800">{label}</legend>
      <div className="mt-1 flex flex-wrap gap-3">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="inline-flex items-center gap-1 text-sm">
            <input type="radio" name={name} value={n} defaultChecked={value === String(n)} required />
            {n} {n === 1 ? "star" : "stars"}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export default function WriteReview({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  const reply = actionData;
  const existing = page.existing;
  const v = (k: string): string | undefined => {
    if (reply) return reply.values[k];
    if (!existing) return undefined;
    if (k === "overall") return String(existing.overall);
    if (k === "title") return existing.title;
    if (k === "text") return existing.body;
    if (k === "trim") return existing.trimId ?? "";
    const c = existing.categories.find((x) => x.key === k);
    return c ? String(c.value) : undefined;
  };
  const e = (k: string) => reply?.errors[k];
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{existing ? `Edit your review of the ${page.name}` : `Review the ${page.name}`}</h1>
      {existing ? (
        <p className="mt-2 text-slate-700">
          Status: <strong>{REVIEW_STATUS_LABELS[existing.status]}</strong>. Saving a change sends it to a moderator again.
        </p>
      ) : (
        <p className="mt-2 text-slate-700">Own one or drove one? Tell other shoppers how it is. A moderator reads every review before it is published.</p>
      )}
      {page.state === "verify" ? (
        <p role="alert" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-5">
          Reviews come from verified accounts only. Open the link we emailed you to verify your address, then come back to this page.{" "}
          <Link to={PATHS.account} className="font-semibold text-brand-700 underline">
            My account
          </Link>
        </p>
      ) : (
        <Form method="post" noValidate className="mt-6 space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <input type="hidden" name="make" value={page.make} />
          <input type="hidden" name="model" value={page.model} />
          <input type="hidden" name="year" value={page.year} />
          {reply?.message ? (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {reply.message}
            </p>
          ) : null}
          {reply && Object.keys(reply.errors).length > 0 ? (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              Please check the fields marked below.
            </p>
          ) : null}
          <div>
            <label htmlFor="review-trim" className="block text-sm font-semibold text-slate-800">
              Trim
            </label>
            <select id="review-trim" name="trim" defaultValue={v("trim") ?? ""} className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2">
              <option value="">Not sure / other</option>
              {page.trims.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
            {e("trim") ? <p className="mt-1 text-sm font-medium text-red-700">{e("trim")}</p> : null}
          </div>
          <StarField name="overall" label={OVERALL_RATING} value={v("overall")} error={e("overall")} />
          {REVIEW_CATEGORIES.map((c) => (
            <StarField key={c.key} name={c.key} label={c.label} value={v(c.key)} error={e(c.key)} />
          ))}
          <div>
            <label htmlFor="review-title" className="block text-sm font-semibold text-slate-800">
              Title
            </label>
            <input
              id="review-title"
              name="title"
              defaultValue={v("title")}
              maxLength={REVIEW_TITLE_MAX}
              aria-invalid={e("title") ? true : undefined}
              aria-describedby={e("title") ? "review-title-error" : undefined}
              className={`mt-1 w-full rounded-lg border px-3 py-2 ${e("title") ? "border-red-600" : "border-slate-300"}`}
            />
            {e("title") ? (
              <p id="review-title-error" className="mt-1 text-sm font-medium text-red-700">
                {e("title")}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="review-text" className="block text-sm font-semibold text-slate-800">
              Your review
            </label>
            <p id="review-text-hint" className="text-xs text-slate-600">
              {REVIEW_TEXT_MIN} to {REVIEW_TEXT_MAX} characters. Reviews with links or profanity are read by a moderator before anything else.
            </p>
            <textarea
              id="review-text"
              name="text"
              rows={8}
              defaultValue={v("text")}
              maxLength={REVIEW_TEXT_MAX}
              aria-invalid={e("text") ? true : undefined}
              aria-describedby={e("text") ? "review-text-hint review-text-error" : "review-text-hint"}
              className={`mt-1 w-full rounded-lg border px-3 py-2 ${e("text") ? "border-red-600" : "border-slate-300"}`}
            />
            {e("text") ? (
              <p id="review-text-error" className="mt-1 text-sm font-medium text-red-700">
                {e("text")}
              </p>
            ) : null}
          </div>
          <ReviewFormActions existing={Boolean(existing)} />
        </Form>
      )}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ResearchErrorPage error={error} notFound="We could not find that model year" />;
}
