import { startTransition, useEffect, useRef, useState } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation, useMatches, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { DemoNotice } from "./components/demo-notice";
import { SiteFooter } from "./components/site-footer";

import { SiteHeader } from "./components/site-header";
import { publicFlags } from "./lib/flags";
import { CARD_POST_FORM } from "./lib/constants";
import { useNonce } from "./lib/nonce";
import { getFlags } from "./server/flags.server";
import { rejectUnreadableForms } from "./server/security/form-body.server";
import { requestContextMiddleware } from "./server/http/request-context.server";
import { accountSummary, conditionLinks } from "./server/accounts/root-data.server";
import { HydratedContext } from "./components/use-hydrated";
import "./app.css";

// A posted body that is not a readable form is a 400 before any action runs; then the request
// context (app and shopper, docs/architecture.md) for every loader and action.
export const middleware: Route.MiddlewareFunction[] = [rejectUnreadableForms, requestContextMiddleware];

export async function loader({ request }: Route.LoaderArgs) {
  return { flags: publicFlags(getFlags()), account: await accountSummary(request), conditionLinks: conditionLinks() };
}

export const meta: Route.MetaFunction = ({ error }) => {
  // An error page has a title of its own (and is never indexed), not the home page's.
  if (error) {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    return [{ title: status === 404 ? "Page not found | Forecourt" : "Something went wrong | Forecourt" }, { name: "robots", content: "noindex" }];
  }
  return [
    { title: "Forecourt: new, used and certified cars for sale" },
    {
      name: "description",
      content: "Search new, used and certified cars from dealers and private sellers, with honest price verdicts.",
    },
  ];
};

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Web app manifest (decision 023): iOS offers push only to a site added to the Home Screen.
  { rel: "manifest", href: "/manifest.webmanifest" },
];

/** A page's own skip link (its route's `handle.skipLink`), the first thing Tab reaches on it. */
type SkipLink = { href: string; label: string };

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  // Once hydrated, in a transition: what changes renders in slices (app/components/use-hydrated.ts).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  const skip = useMatches()
    .map((m) => (m.handle as { skipLink?: SkipLink } | undefined)?.skipLink)
    .findLast(Boolean);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#142659" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <HydratedContext value={hydrated}>
          {skip ? (
            <a className="skip-link" href={skip.href}>
              {skip.label}
            </a>
          ) : null}
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          {(data?.flags.demoInventoryNotice ?? true) ? <DemoNotice /> : null}
          <SiteHeader compareEnabled={data?.flags.compare ?? true} signedIn={data?.account.signedIn ?? false} />
          <div id="main" className="flex-1">
            {children}
          </div>
          <SiteFooter links={data?.conditionLinks} />
          {/* The cards' heart and Compare buttons post through this form (their `form` attribute,
              their address in `formaction`): one form a document, not one a button (ADR 032). */}
          <form id={CARD_POST_FORM} method="post" hidden />
        </HydratedContext>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // The document's crawler-only JSON-LD (app/server/seo/json-ld.server.ts) describes the page it
  // came with: gone once the shopper moves to another page in the browser.
  const { key } = useLocation();
  const first = useRef(key);
  useEffect(() => {
    if (key !== first.current) for (const s of document.querySelectorAll('script[data-ld="server"]')) s.remove();
  }, [key]);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let detail = "We could not show this page. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = "Page not found";
      detail = "The page you were looking for does not exist or has moved.";
    } else {
      title = `${error.status} ${error.statusText}`;
    }
  }
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-slate-600">{detail}</p>
      <p className="mt-8">
        <a className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700" href="/cars-for-sale">
          Search cars for sale
        </a>
      </p>
    </main>
  );
}
