import { Link } from "react-router";
import { PATHS } from "../../../lib/routes";
import type { Route } from "../+types/route";

/** The page's data as the loader sends it (types inferred by React Router). */
type DevMailPageData = Route.ComponentProps["loaderData"];

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
const STATUS_STYLES: Record<string, string> = {
  pending: "bg-amber-50 text-amber-800",
  sent: "bg-emerald-50 text-emerald-800",
  failed: "bg-red-50 text-red-800",
};

function mailHref(id: number, filter: DevMailPageData["filter"]): string {
  const p = new URLSearchParams();
  if (filter.to) p.set("to", filter.to);
  if (filter.kind) p.set("kind", filter.kind);
  p.set("id", String(id));
  return `${PATHS.devMail}?${p}`;
}

export function DevMailbox({ page }: { page: DevMailPageData }) {
  const { selected, filter } = page;
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight">Outbox</h1>
      <p className="mt-1 text-sm text-slate-600">
        Local only. {page.counts.pending} pending, {page.counts.sent} sent, {page.counts.failed} failed.{" "}
        {page.smtp ? "SMTP is configured: pending mail is being delivered." : "SMTP_URL is not set: mail stays here."}
      </p>
      <form method="get" action={PATHS.devMail} className="mt-4 flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm">
          <span className="font-medium">Recipient</span>
          <input name="to" type="email" defaultValue={filter.to} className="rounded-lg border border-slate-300 px-3 py-1.5" />
        </label>
        <label className="flex flex-col text-sm">
          <span className="font-medium">Kind</span>
          <input name="kind" defaultValue={filter.kind} className="rounded-lg border border-slate-300 px-3 py-1.5" />
        </label>
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          Filter
        </button>
      </form>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <section aria-labelledby="mail-list-heading">
          <h2 id="mail-list-heading" className="sr-only">
            Mail
          </h2>
          {page.mail.length === 0 ? (
            <p className="text-slate-600">No mail.</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {page.mail.map((m) => (
                <li key={m.id}>
                  <Link
                    to={mailHref(m.id, filter)}
                    aria-current={selected?.id === m.id ? "page" : undefined}
                    className={`block px-4 py-3 hover:bg-brand-50 ${selected?.id === m.id ? "bg-brand-50" : ""}`}
                  >
                    <span className="block truncate font-semibold text-ink">{m.subject}</span>
                    <span className="block truncate text-sm text-slate-600">To {m.to}</span>
                    <span className="mt-1 flex gap-2 text-xs text-slate-500">
                      <span className={`rounded px-1.5 py-0.5 font-medium ${STATUS_STYLES[m.status] ?? ""}`}>{m.status}</span>
                      <span>{m.kind}</span>
                      <span>{when.format(m.createdAt)} UTC</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        {selected ? (
          <article aria-labelledby="mail-subject" className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 id="mail-subject" className="text-xl font-bold">
              {selected.subject}
            </h2>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-600">To</dt>
              <dd data-testid="mail-to">{selected.to}</dd>
              <dt className="text-slate-600">Kind</dt>
              <dd>{selected.kind}</dd>
              <dt className="text-slate-600">Status</dt>
              <dd>
                {selected.status} after {selected.attempts} {selected.attempts === 1 ? "attempt" : "attempts"}
                {selected.lastError ? ` (last error: ${selected.lastError})` : ""}
              </dd>
              <dt className="text-slate-600">Written</dt>
              <dd>{when.format(selected.createdAt)} UTC</dd>
              {selected.listUnsubscribe ? (
                <>
                  <dt className="text-slate-600">List-Unsubscribe</dt>
                  <dd className="break-all" data-testid="mail-list-unsubscribe">
                    &lt;{selected.listUnsubscribe}&gt; (one-click POST)
                  </dd>
                </>
              ) : null}
            </dl>
            <pre data-testid="mail-text" className="mt-4 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-4 font-sans text-sm text-ink">
              {selected.text}
            </pre>
            {selected.html ? (
              <>
                <h3 className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-500">HTML version</h3>
                {/* No permissions: the mail's HTML cannot run scripts or reach this page. */}
                <iframe title="HTML version of the mail" sandbox="" srcDoc={selected.html} className="mt-2 h-96 w-full rounded-lg border border-slate-200" />
              </>
            ) : null}
          </article>
        ) : null}
      </div>
    </main>
  );
}
