import { Link } from "react-router";
import { formatInt } from "../../../lib/format";
import type { BuyOnlineData } from "../view";

/** The Buy Online filter ('Buy Online', 'Online Paperwork') and the automaker buy-online toggle, as links. */
export function BuyOnlineFilter({ data }: { data: BuyOnlineData }) {
  return (
    <section aria-labelledby="buy-online-title" className="border-b border-slate-200 px-4 py-3">
      <h3 id="buy-online-title" className="font-semibold">
        Buy Online
      </h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {data.options.map((o) => (
          <li key={o.label}>
            <Link
              to={o.href}
              aria-current={o.selected ? "true" : undefined}
              className={
                "inline-flex items-center gap-1 rounded-full border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 " +
                "hover:border-brand-500 aria-[current]:border-brand-600 aria-[current]:bg-brand-600 aria-[current]:text-white"
              }
            >
              {o.label}
              <span className="text-xs opacity-75">({formatInt(o.count)})</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-3">
        <Link to={data.experience.href} className="inline-flex items-center gap-2 text-sm font-medium text-brand-700 hover:underline">
          <span aria-hidden="true" className={`inline-block h-5 w-9 rounded-full p-0.5 transition ${data.experience.on ? "bg-brand-600" : "bg-slate-300"}`}>
            <span className={`block size-4 rounded-full bg-white shadow ${data.experience.on ? "translate-x-4" : ""}`} />
          </span>
          {data.experience.label}: {data.experience.on ? "On" : "Off"}
        </Link>
      </p>
    </section>
  );
}
