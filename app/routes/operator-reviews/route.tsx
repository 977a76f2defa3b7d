// Consumer reviews waiting for a moderator: approve (published) or reject with a reason the author
// reads. Accounts in OPERATOR_EMAILS with a verified address only; anyone else gets a 404.
import { Form } from "react-router";
import type { Route } from "./+types/route";
import { primaryButton, secondaryButton } from "../../components/account/field";
import { REJECT_REASON_MAX } from "../../lib/reviews";
import { loadReviewQueue } from "./loader.server";
import { reviewQueueAction } from "./action.server";

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadReviewQueue(request, url);
}

export async function action({ request }: Route.ActionArgs) {
  return reviewQueueAction(request);
}

export const meta = () => [{ title: "Reviews to moderate | Forecourt" }, { name: "robots", content: "noindex" }];

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default function OperatorReviews({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  const failed = actionData && "error" in actionData ? actionData : null;
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Reviews to moderate</h1>
      <p className="mt-2 text-slate-700">
        Consumer and dealer reviews are published only once approved. Reviews flagged for links or profanity say so. Signed in as{" "}
        <strong>{page.operator}</strong>.
      </p>
      {page.notice ? (
        <p role="status" className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
          {page.notice}
        </p>
      ) : null}
      {failed && !failed.reviewId ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {failed.error}
        </p>
      ) : null}
      <h2 className="mt-8 text-xl font-bold">Model reviews</h2>
      {page.queue.length === 0 ? (
        <p className="mt-3 rounded-xl border border-slate-200 bg-white p-6 text-slate-700">Nothing waits for moderation.</p>
      ) : (
        <ul className="mt-3 space-y-4" aria-label="Reviews waiting for moderation">
          {page.queue.map((r) => (
            <QueueItem
              key={r.id}
              kind="consumer"
              id={r.id}
              title={r.title}
              meta={
                `${r.name}${r.trimName ? ` ${r.trimName}` : ""} · Overall ${r.overall}/5 · by ` +
                `${r.authorName} (${r.authorEmail}) · ${dateFormat.format(r.updatedAt)} UTC`
              }
              flagged={r.heldReasons}
              body={r.body}
              detail={r.categories.map((c) => `${c.label} ${c.value}/5`).join(" · ")}
              error={failed?.reviewId === r.id ? failed.error : null}
            />
          ))}
        </ul>
      )}
      <h2 className="mt-8 text-xl font-bold">Dealer reviews</h2>
      {page.dealerQueue.length === 0 ? (
        <p className="mt-3 rounded-xl border border-slate-200 bg-white p-6 text-slate-700">No dealer review waits for moderation.</p>
      ) : (
        <ul className="mt-3 space-y-4" aria-label="Dealer reviews waiting for moderation">
          {page.dealerQueue.map((r) => (
            <QueueItem
              key={r.id}
              kind="dealer"
              id={r.id}
              title={r.title}
              meta={`${r.dealerName} · ${r.rating}/5 · by ${r.authorName} (${r.authorEmail}) · ${dateFormat.format(r.updatedAt)} UTC`}
              flagged={r.heldReasons}
              body={r.body}
              detail=""
              error={failed?.reviewId === r.id ? failed.error : null}
            />
          ))}
        </ul>
      )}
    </main>
  );
}

function QueueItem(p: {
  kind: "consumer" | "dealer";
  id: number;
  title: string;
  meta: string;
  flagged: string[];
  body: string;
  detail: string;
  error: string | null;
}) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 className="text-lg font-bold">{p.title}</h3>
      <p className="text-sm text-slate-600">{p.meta}</p>
      {p.flagged.length > 0 ? <p className="mt-1 text-sm font-semibold text-red-800">Flagged: {p.flagged.join(", ")}</p> : null}
      <p className="mt-2 whitespace-pre-line text-sm text-slate-800">{p.body}</p>
      {p.detail ? <p className="mt-1 text-xs text-slate-600">{p.detail}</p> : null}
      {p.error ? (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {p.error}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <Form method="post">
          <input type="hidden" name="kind" value={p.kind} />
          <input type="hidden" name="reviewId" value={p.id} />
          <button type="submit" name="intent" value="approve" className={primaryButton}>
            Approve<span className="sr-only"> {p.title}</span>
          </button>
        </Form>
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="kind" value={p.kind} />
          <input type="hidden" name="reviewId" value={p.id} />
          <label className="text-sm">
            <span className="block font-semibold">
              Reason for rejecting<span className="sr-only"> {p.title}</span>
            </span>
            <input name="reason" maxLength={REJECT_REASON_MAX} className="mt-1 w-72 rounded-lg border border-slate-300 px-3 py-2" />
          </label>
          <button type="submit" name="intent" value="reject" className={secondaryButton}>
            Reject<span className="sr-only"> {p.title}</span>
          </button>
        </Form>
      </div>
    </li>
  );
}
