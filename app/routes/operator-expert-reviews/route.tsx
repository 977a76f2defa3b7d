// Editors (operators: OPERATOR_EMAILS with a verified address) write expert reviews per model and
// model year: headline, verdict, pros, cons, the review in Markdown, a score and the author; save a
// draft (not shown to shoppers) or publish. Anyone else gets a 404.
import { Form, Link } from "react-router";
import type { Route } from "./+types/route";
import { primaryButton, secondaryButton } from "../../components/account/field";
import { RESEARCH_PATHS } from "../../lib/research-paths";
import { loadExpertEditor } from "./loader.server";
import { expertEditorAction } from "./action.server";

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadExpertEditor(request, url);
}

export async function action({ request }: Route.ActionArgs) {
  return expertEditorAction(request);
}

export const meta = () => [{ title: "Expert reviews | Forecourt" }, { name: "robots", content: "noindex" }];

const FIELDS = [
  { name: "make", label: "Make code", rows: 0 },
  { name: "model", label: "Model code", rows: 0 },
  { name: "year", label: "Model year", rows: 0 },
  { name: "headline", label: "Headline", rows: 0 },
  { name: "verdict", label: "Verdict", rows: 2 },
  { name: "pros", label: "Pros (one a line)", rows: 3 },
  { name: "cons", label: "Cons (one a line)", rows: 3 },
  { name: "body", label: "Review (Markdown)", rows: 12 },
  { name: "score", label: "Score (1 to 10)", rows: 0 },
  { name: "author", label: "Author", rows: 0 },
] as const;

export default function ExpertReviewsEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, editing, notice, operator } = loaderData;
  const reply = actionData;
  const initial: Record<string, string> = editing
    ? {
        id: String(editing.id),
        make: editing.makeCode,
        model: editing.modelCode,
        year: String(editing.year),
        headline: editing.headline,
        verdict: editing.verdict,
        pros: editing.pros.join("\n"),
        cons: editing.cons.join("\n"),
        body: editing.bodyMd,
        score: String(editing.score),
        author: editing.author,
      }
    : {};
  const v = (k: string) => (reply ? reply.values[k] : initial[k]) ?? "";
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Expert reviews</h1>
      <p className="mt-2 text-slate-700">
        One review per model year. Drafts are not shown to shoppers; published reviews appear as 'Car Reviews' on the model's results and on its cars’ pages.
        Signed in as <strong>{operator}</strong>.
      </p>
      {notice ? (
        <p role="status" className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
          {notice}
        </p>
      ) : null}
      <ul className="mt-4 space-y-1 text-sm" aria-label="Expert reviews">
        {reviews.map((r) => (
          <li key={r.id}>
            <Link to={`${RESEARCH_PATHS.operatorExpertReviews}?id=${r.id}`} className="font-semibold text-brand-700 underline">
              {r.year} {r.makeCode} {r.modelCode}: {r.headline}
            </Link>{" "}
            ({r.status === "published" ? "published" : "draft"})
          </li>
        ))}
      </ul>
      <h2 className="mt-8 text-xl font-bold">{editing ? `Edit: ${editing.headline}` : "New review"}</h2>
      <Form method="post" noValidate className="mt-3 space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <input type="hidden" name="id" value={v("id")} />
        {FIELDS.map((f) => {
          const error = reply?.errors[f.name];
          const common = {
            id: `expert-${f.name}`,
            name: f.name,
            defaultValue: v(f.name),
            "aria-invalid": error ? true : undefined,
            className: "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2",
          };
          return (
            <div key={f.name}>
              <label htmlFor={`expert-${f.name}`} className="block text-sm font-semibold text-slate-800">
                {f.label}
              </label>
              {f.rows > 0 ? <textarea rows={f.rows} {...common} /> : <input {...common} />}
              {error ? <p className="mt-1 text-sm font-medium text-red-700">{error}</p> : null}
            </div>
          );
        })}
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="publish" className={primaryButton}>
            Publish
          </button>
          <button type="submit" name="intent" value="draft" className={secondaryButton}>
            Save draft
          </button>
        </div>
      </Form>
    </main>
  );
}
