// A model year's consumer ratings: 'Overall Rating' with the distribution of overall stars as bars
// drawn on the server, and each category's average. Plain markup (the results page's Consumer
// Reviews tab renders it, so it carries no form or fetcher).

export interface RatingsView {
  ratings: { name: string; value: number }[];
  numberOfReviews: number;
  distribution: { stars: number; count: number }[];
}

export function StarText({ value, label }: { value: number; label?: string }) {
  const full = Math.round(value);
  return (
    <span>
      <span aria-hidden="true" className="text-amber-500">
        {"★".repeat(full)}
        <span className="text-slate-300">{"★".repeat(5 - full)}</span>
      </span>{" "}
      <span className="font-semibold">{value.toFixed(1)}</span>
      <span className="sr-only"> out of 5{label ? ` for ${label}` : ""}</span>
    </span>
  );
}

/** The model year's consumer ratings and the distribution of overall stars. */
export function ConsumerRatingsSummary({ ratings, headingLevel = 3 }: { ratings: RatingsView; headingLevel?: 2 | 3 | 4 }) {
  const [overall, ...categories] = ratings.ratings;
  const H = headingLevel === 4 ? "h4" : headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="grid grid-cols-1 gap-6 sm:grid-cols-2" data-testid="consumer-ratings">
      <div>
        <H className="font-semibold">{overall?.name}</H>
        <p className="mt-1 text-2xl">{overall ? <StarText value={overall.value} label={overall.name} /> : null}</p>
        <p className="text-sm text-slate-600">
          From {ratings.numberOfReviews} {ratings.numberOfReviews === 1 ? "review" : "reviews"} by Forecourt shoppers
        </p>
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">Overall rating distribution</caption>
          <tbody>
            {ratings.distribution.map((d) => (
              <tr key={d.stars}>
                <th scope="row" className="w-14 py-0.5 pr-2 text-left font-medium">
                  {d.stars} star
                </th>
                <td className="py-0.5">
                  <div className="h-2.5 w-full rounded bg-slate-100" aria-hidden="true">
                    <div className="h-2.5 rounded bg-amber-400" style={{ width: `${Math.round((d.count / ratings.numberOfReviews) * 100)}%` }} />
                  </div>
                </td>
                <td className="w-16 py-0.5 pl-2 text-right tabular-nums">
                  {d.count} <span className="sr-only">{d.count === 1 ? "review" : "reviews"}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 self-start text-sm">
        {categories.map((c) => (
          <div key={c.name} className="contents">
            <dt className="text-slate-700">{c.name}</dt>
            <dd>
              <StarText value={c.value} label={c.name} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
