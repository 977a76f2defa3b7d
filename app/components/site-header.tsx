import { Form, Link, NavLink, useLocation } from "react-router";
import { signInHref } from "../lib/account";
import { PATHS } from "../lib/routes";
import { Logo } from "./logo";

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-2 text-sm font-medium hover:bg-white/10 sm:px-3 ${isActive ? "bg-white/15 text-white" : "text-slate-200"}`;

export function SiteHeader({ compareEnabled, signedIn = false }: { compareEnabled: boolean; signedIn?: boolean }) {
  // Sign in brings the shopper back to the page they were on ("opened with ... refUrl"); from the
  // account pages themselves it goes to the account.
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const signIn = location.pathname.startsWith("/account") ? PATHS.signIn : signInHref(PATHS.signIn, here);
  return (
    <header className="bg-brand-900 text-white">
      {/* On a phone the logo, the search button and the account links share one row. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-2 sm:gap-x-4 sm:py-3">
        <Link to={PATHS.home} className="flex items-center gap-2 text-lg font-bold tracking-tight sm:text-xl" aria-label="Forecourt home">
          <Logo className="h-8 w-8" />
          {/* The word mark needs room a phone's header row does not have: the logo alone there. */}
          <span className="max-[27.5rem]:sr-only">Forecourt</span>
        </Link>
        <Form
          id="site-search-form"
          method="get"
          action={PATHS.search}
          role="search"
          className={
            "order-3 flex w-full items-center max-sm:hidden max-sm:target:flex " +
            "max-sm:focus-within:flex sm:order-none sm:ml-4 sm:w-auto sm:max-w-md sm:flex-1"
          }
        >
          <label htmlFor="site-search" className="sr-only">
            Search by make, model or keyword
          </label>
          <input
            id="site-search"
            name="q"
            type="search"
            placeholder="Search make, model or keyword"
            autoComplete="off"
            className="min-w-0 flex-1 rounded-l-lg border-0 bg-white px-3 py-2 text-ink placeholder:text-slate-500"
          />
          <button type="submit" className="rounded-r-lg bg-accent-500 px-4 py-2 font-semibold text-ink hover:bg-amber-400">
            Search
          </button>
        </Form>
        {/* On a phone the search box folds behind this button (a link to it: no JavaScript needed). */}
        <a
          href="#site-search-form"
          onClick={() => requestAnimationFrame(() => document.getElementById("site-search")?.focus())}
          className="ml-auto grid size-9 place-items-center rounded-md text-slate-200 hover:bg-white/10 sm:hidden"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
            <circle cx="11" cy="11" r="6" />
            <path d="M16 16l4 4" />
          </svg>
          <span className="sr-only">Search cars</span>
        </a>
        <nav aria-label="Account" className="flex items-center sm:ml-auto sm:gap-1">
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
            <NavLink to={signIn} className={navClass}>
              Sign in
            </NavLink>
          )}
        </nav>
      </div>
    </header>
  );
}
