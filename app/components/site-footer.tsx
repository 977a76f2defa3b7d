import { Link } from "react-router";
import { PATHS } from "../lib/routes";

/** The condition pages' canonical addresses (the root loader writes them with the URL module). */
export interface ConditionLinks {
  used: string;
  new: string;
  certified: string;
}

export function SiteFooter({ links }: { links?: ConditionLinks }) {
  const to = links ?? { used: PATHS.search, new: PATHS.search, certified: PATHS.search };
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 text-sm text-slate-600 sm:grid-cols-3">
        <div>
          <p className="font-semibold text-ink">Forecourt</p>
          <p className="mt-2">New, used and certified cars from dealers and private sellers, with honest prices.</p>
        </div>
        <nav aria-label="Shop">
          <p className="font-semibold text-ink">Shop</p>
          <ul className="mt-2 space-y-1">
            <li>
              <Link className="hover:underline" to={to.used}>
                Used cars for sale
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to={to.new}>
                New cars for sale
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to={to.certified}>
                Certified pre-owned
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <p className="font-semibold text-ink">About the data</p>
          <p className="mt-2">
            Vehicle specifications and fuel economy from{" "}
            <a className="underline" href="https://www.fueleconomy.gov/" rel="noopener">
              fueleconomy.gov
            </a>{" "}
            (US DOE / EPA). Demo inventory is generated; prices are illustrative.
          </p>
        </div>
      </div>
    </footer>
  );
}
