// The request context (docs/architecture.md, decision 027): one middleware on the root route puts
// two values on React Router's context before any loader or action runs.
// - appContext: the services a loader uses (database, the page search through the breaker layer,
//   flags, environment), the same for every request.
// - shopperContext: who is asking and what their cookies hold (user, visitor id, wallet, compare
//   ids, quick saves, preferences), each cookie read once per request through the one cookie module
//   (app/server/security/cookies.server.ts). The signed-in user costs a database lookup, made on
//   first use and kept for the request.
// Loaders and actions read them with `context.get(appContext)` / `context.get(shopperContext)`.
import { isbot } from "isbot";
import { z } from "zod";
import { MODEL_CLARIFICATION, MODEL_CODE_PATTERN } from "../../lib/model-clarification.ts";
import { createContext, type RouterContextProvider } from "react-router";
import { flagsSchema, type Flags } from "../../lib/flags.ts";
import type { SearchQuery, SearchResult } from "../../lib/search-query.ts";
import type { Wallet } from "../../lib/wallet.ts";
import { getSessionUser, readQuickSaves, readSubscribedSearches, type SessionUser } from "../accounts/session.server.ts";
import { readCompareIds } from "../compare/compare.server.ts";
import { getDatabase, type Database } from "../db/connection.server.ts";
import { getEnv, type Env } from "../env.server.ts";
import { getFlags } from "../flags.server.ts";
import { readVisitorId } from "../leads/visitor.server.ts";
import { clientAddress } from "../security/client-address.server.ts";
import { SITE_COOKIES, userZipFromCookie } from "../security/cookies.server.ts";
import { pageSearch } from "../search/page-search.server.ts";
import { getSearchEngine, type SearchEngine } from "../search/search.server.ts";
import { readWallet } from "../wallet.server.ts";

export interface AppContext {
  env: Env;
  flags: Flags;
  db: Database;
  /** The page search: through the breaker layer, required (app/server/search/page-search.server.ts). */
  search: (query: SearchQuery, options?: { hideFilters?: boolean }) => Promise<SearchResult>;
  /** The engine itself, for what is not a search (keyword suggestions, the inventory version). */
  engine: () => Promise<SearchEngine>;
}

export interface ShopperPreferences {
  /** The dealer showcase hidden for a while. */
  showcaseHidden: boolean;
  /** Model codes whose clarification question is not asked again (for a year / this session). */
  clarificationOff: string[];
  clarificationNo: string[];
  /** Searches subscribed to by email while signed out. */
  subscribedSearches: string[];
}

export interface ShopperContext {
  /** The signed-in shopper, or null (looked up once, on first use). */
  user: () => Promise<SessionUser | null>;
  visitorId: string | null;
  wallet: Wallet | null;
  compareIds: number[];
  quickSaves: number[];
  preferences: ShopperPreferences;
  /** The shopper's own ZIP (ATC_USER_ZIP), when it is a real one: the default location. */
  userZip: string | undefined;
  /** A crawler (isbot): no browsing history, no push prompt. */
  bot: boolean;
  /** The client address as the HTTP server saw it (app/server/security/client-address.server.ts). */
  address: string;
}

export const appContext = createContext<AppContext>();
export const shopperContext = createContext<ShopperContext>();

export async function loadAppContext(): Promise<AppContext> {
  return { env: getEnv(), flags: getFlags(), db: await getDatabase(), search: pageSearch, engine: getSearchEngine };
}

const codeList = z.array(z.string().regex(MODEL_CODE_PATTERN)).max(MODEL_CLARIFICATION.maxCodes);

/** A model-code list cookie of the clarification question; anything else reads as empty. */
export async function clarificationCodes(cookie: typeof SITE_COOKIES.clarificationOff, header: string | null): Promise<string[]> {
  try {
    const parsed = codeList.safeParse(await cookie.parse(header));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

async function showcaseHidden(header: string | null): Promise<boolean> {
  try {
    return (await SITE_COOKIES.showcaseHidden.parse(header)) === 1;
  } catch {
    return false;
  }
}

/** Reads the shopper's cookies once; a missing, tampered or malformed cookie reads as empty. */
export async function readShopper(request: Request): Promise<ShopperContext> {
  const quiet = <T>(p: Promise<T>, fallback: T) => p.catch(() => fallback);
  const header = request.headers.get("Cookie");
  const [visitorId, wallet, compareIds, quickSaves, hidden, clarificationOff, clarificationNo, subscribedSearches] = await Promise.all([
    readVisitorId(request),
    readWallet(request),
    readCompareIds(request),
    quiet(readQuickSaves(request), []),
    showcaseHidden(header),
    clarificationCodes(SITE_COOKIES.clarificationOff, header),
    clarificationCodes(SITE_COOKIES.clarificationNo, header),
    quiet(readSubscribedSearches(request), []),
  ]);
  return {
    user: () => getSessionUser(request),
    visitorId,
    wallet,
    compareIds,
    quickSaves,
    preferences: { showcaseHidden: hidden, clarificationOff, clarificationNo, subscribedSearches },
    userZip: userZipFromCookie(header),
    bot: isbot(request.headers.get("user-agent") ?? ""),
    address: clientAddress(request),
  };
}

/** Both contexts for one request (the middleware's work; tests call it directly). */
export async function requestContexts(request: Request): Promise<{ app: AppContext; shopper: ShopperContext }> {
  const [app, shopper] = await Promise.all([loadAppContext(), readShopper(request)]);
  return { app: withTestFlags(app, request), shopper };
}

export const TEST_FLAGS_COOKIE = "e2e_flags";

/** The E2E_FLAGS_COOKIE test hook: this request's flag overrides (browser journeys only). */
function withTestFlags(app: AppContext, request: Request): AppContext {
  if (!app.env.E2E_FLAGS_COOKIE) return app;
  const raw = (request.headers.get("Cookie") ?? "").split(/;\s*/).find((c) => c.startsWith(`${TEST_FLAGS_COOKIE}=`));
  if (!raw) return app;
  try {
    const parsed = flagsSchema.partial().safeParse(JSON.parse(decodeURIComponent(raw.slice(TEST_FLAGS_COOKIE.length + 1))));
    return parsed.success ? { ...app, flags: { ...app.flags, ...parsed.data } } : app;
  } catch {
    return app;
  }
}

/** The root route's middleware: both contexts set before any loader or action. */
export async function requestContextMiddleware({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }): Promise<void> {
  const { app, shopper } = await requestContexts(request);
  context.set(appContext, app);
  context.set(shopperContext, shopper);
}
