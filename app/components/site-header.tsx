import { Form, Link, NavLink } from "react-router";
import { PATHS } from "../lib/routes";
import { Logo } from "./logo";

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium hover:bg-white/10 ${isActive ? "bg-white/15 text-white" : "text-slate-200"}`;

export function SiteHeader({ compareEnabled, signedIn = false }: { compareEnabled: boolean; signedIn?: boolean }) {
  return (
    <header className="bg-brand-900 text-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <Link to={PATHS.home} className="flex items-center gap-2 text-xl font-bold tracking-tight" aria-label="Forecourt home">
          <Logo className="h-8 w-8" />
          <span>Forecourt</span>
        </Link>
        <Form
          method="get"
          action={PATHS.search}
          role="search"
          className="order-3 flex w-full items-center sm:order-none sm:ml-4 sm:w-auto sm:flex-1 sm:max-w-md"
        >
          <label htmlFor="site-search" className="sr-only">
            Search by make, model or keyword
          </label>
          <input
            id="site-search"
            name="keyword"
            type="search"
            placeholder="Search make, model or keyword"
            autoComplete="off"
            className="min-w-0 flex-1 rounded-l-lg border-0 bg-white px-3 py-2 text-ink placeholder:text-slate-500"
          />
          <button type="submit" className="rounded-r-lg bg-accent-500 px-4 py-2 font-semibold text-ink hover:bg-amber-400">
            Search
          </button>
        </Form>
        <nav aria-label="Account" className="ml-auto flex items-center gap-1">
          <NavLink to={PATHS.saved} className={navClass}>
            Saved
          </NavLink>
          {compareEnabled ? (
            <NavLink to={PATHS.compare} className={navClass}>
              Compare
            </NavLink>
          ) : null}
          {signedIn ? (
            <NavLink to={PATHS.account} end className={navClass}>
              My account
            </NavLink>
          ) : (
            <NavLink to={PATHS.signIn} className={navClass}>
              Sign in
            </NavLink>
          )}
        </nav>
      </div>
    </header>
  );
}
