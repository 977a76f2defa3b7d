// POST target of 'Was this review helpful?'. With JavaScript a fetcher reads the answer in place;
// without it the answer shows here, with the way back to the reviews.
import { Link } from "react-router";
import type { Route } from "./+types/route";
import { PATHS } from "../../lib/routes";
import { documentHeaders } from "../../server/http/route-headers.server";
import { helpfulAction } from "./action.server";

export function loader() {
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  return helpfulAction(request);
}

export const headers = documentHeaders;

export const meta = () => [{ title: "Was this review helpful? | Forecourt" }, { name: "robots", content: "noindex" }];

export default function HelpfulPage({ actionData }: Route.ComponentProps) {
  const reply = actionData;
  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold">Was this review helpful?</h1>
      <p role="status" className="mt-4 rounded-xl border border-slate-200 bg-white p-5 text-lg">
        {reply?.message ?? "Answer from any review on Forecourt."}
      </p>
      <p className="mt-4">
        <Link
          to={reply ? `${reply.returnTo}${reply.reviewId ? `#review-${reply.reviewId}` : ""}` : PATHS.search}
          className="font-semibold text-brand-700 hover:underline"
        >
          Back to the reviews
        </Link>
      </p>
    </main>
  );
}
