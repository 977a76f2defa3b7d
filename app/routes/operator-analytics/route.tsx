// First-party page-event counts per day (docs/analytics.md): page views, searches, card clicks by
// tier, saves and leads, bots excluded. Accounts in OPERATOR_EMAILS with a verified address only;
// anyone else gets a 404.
import type { Route } from "./+types/route";
import { formatInt } from "../../lib/format";
import { loadOperatorAnalytics } from "./loader.server";

export async function loader({ request }: Route.LoaderArgs) {
  return loadOperatorAnalytics(request);
}

export const meta = () => [{ title: "Page events | Forecourt" }, { name: "robots", content: "noindex" }];

export default function OperatorAnalytics({ loaderData }: Route.ComponentProps) {
  const page = loaderData;
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Page events</h1>
      <p className="mt-2 text-slate-700">
        Counted by Forecourt itself, per day (UTC), for the last {page.daysShown} days: no third party, bots left out. Card clicks are labelled with the tier of
        the card that was clicked. Signed in as <strong>{page.operator}</strong>.
      </p>
      {page.days.length === 0 ? (
        <p className="mt-8 rounded-xl border border-slate-200 bg-white p-6 text-slate-700">Nothing counted yet.</p>
      ) : (
        page.days.map((d) => (
          <section key={d.day} aria-labelledby={`day-${d.day}`} className="mt-8">
            <h2 id={`day-${d.day}`} className="text-xl font-bold">
              {d.day}
            </h2>
            <table className="mt-3 w-full text-left text-sm">
              <caption className="sr-only">Page events on {d.day}</caption>
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className="py-2 pr-4">
                    Event
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right">
                    Count
                  </th>
                  <th scope="col" className="py-2">
                    By label
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.events.map((e) => (
                  <tr key={e.event} className="border-b border-slate-100 align-top">
                    <th scope="row" className="py-2 pr-4 font-semibold">
                      {e.name}
                    </th>
                    <td className="py-2 pr-4 text-right tabular-nums">{formatInt(e.total)}</td>
                    <td className="py-2 text-slate-700">{e.labels.map((l) => `${l.label} ${formatInt(l.count)}`).join(" · ") || "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))
      )}
    </main>
  );
}
