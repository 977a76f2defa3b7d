// Reported listings waiting for an operator: relist or take down. Accounts in OPERATOR_EMAILS only.
import { Form, Link } from "react-router";
import type { Route } from "./+types/route";
import { primaryButton, secondaryButton } from "../../components/account/field";
import { formatPrice } from "../../lib/format";
import { REPORT_REASONS, type ReportReason } from "../../lib/listing-forms";
import { PATHS } from "../../lib/routes";
import { loadOperatorReports } from "./loader.server";
import { operatorReportsAction } from "./action.server";

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadOperatorReports(request, url);
}

export async function action({ request }: Route.ActionArgs) {
  return operatorReportsAction(request);
}

export const meta = () => [{ title: "Reported listings | Forecourt" }, { name: "robots", content: "noindex" }];

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function reasonLabel(reason: string): string {
  return reason in REPORT_REASONS ? REPORT_REASONS[reason as ReportReason] : reason;
}

export default function OperatorReports({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Reported listings</h1>
      <p className="mt-2 text-slate-700">
        Listings shoppers reported: hidden from search when enough verified accounts reported them, otherwise still listed. Relist or keep one when the reports
        are wrong; take it down when they are right (the seller is mailed why). Dealer-feed prices far below their market wait here too before they show. Signed
        in as <strong>{page.operator}</strong>.
      </p>
      {page.notice ? (
        <p role="status" className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
          {page.notice}
        </p>
      ) : null}
      {actionData && "error" in actionData ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {actionData.error}
        </p>
      ) : null}
      {page.queue.length === 0 ? (
        <p className="mt-8 rounded-xl border border-slate-200 bg-white p-6 text-slate-700">Nothing waits for review.</p>
      ) : (
        <ul className="mt-6 space-y-4" aria-label="Listings waiting for review">
          {page.queue.map((item) => (
            <li key={item.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-bold">
                  <Link to={`${PATHS.vehicle(item.id)}`} className="text-brand-700 hover:underline">
                    {item.title}
                  </Link>
                </h2>
                <span className="font-semibold">{formatPrice(item.price)}</span>
              </div>
              <p className="text-sm text-slate-600">
                Listing {item.id} · {item.seller} · {item.reports.length} {item.reports.length === 1 ? "report" : "reports"} ·{" "}
                <strong>{item.hidden ? "Hidden from search" : "Still listed"}</strong>
              </p>
              {item.held ? (
                <p className="mt-2 text-sm">
                  <strong>Price held for review:</strong> {item.held}
                </p>
              ) : null}
              <ul className="mt-3 space-y-1 text-sm" aria-label={`Reports on ${item.title}`}>
                {item.reports.map((r, i) => (
                  <li key={i}>
                    <span className="font-medium">{reasonLabel(r.reason)}</span>
                    {r.comment ? <span className="text-slate-700">: “{r.comment}”</span> : null}{" "}
                    <span className="text-slate-500">
                      ({r.verified ? "verified account" : "anonymous"}, {dateFormat.format(r.at)} UTC)
                    </span>
                  </li>
                ))}
              </ul>
              <div className="mt-4 flex flex-wrap gap-3">
                <Form method="post">
                  <input type="hidden" name="listingId" value={item.id} />
                  <button type="submit" name="intent" value="relist" className={primaryButton}>
                    {item.held ? "Let this price through" : item.hidden ? "Relist" : "Keep listed"}
                    <span className="sr-only"> {item.title}</span>
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="listingId" value={item.id} />
                  <button type="submit" name="intent" value="remove" className={secondaryButton}>
                    Take down<span className="sr-only"> {item.title}</span>
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
