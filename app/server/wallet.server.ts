// The wallet's storage and its form (app/lib/wallet.ts; decision 017). The budget lives in a
// cookie for a year, so it works signed out and on a first visit; every read is validated (a
// tampered or stale cookie is no wallet). One POST target, /wallet, serves the page without
// JavaScript and the results page's dialog and toggle with it:
// - intent=save: the form, validated; errors come back beside the fields with what was typed,
//   nothing stored; saved, payments go on and the answer is a 303 back to `ref`.
// - intent=toggle (value on / off): payments on or off; on without a budget leads to the form.
// - intent=clear: the wallet is forgotten.
import { SITE_COOKIES } from "./security/cookies.server.ts";
import { z } from "zod";
import { safeRefUrl } from "../lib/account.ts";
import { APR_MESSAGE, DEFAULT_TERM, MAX_APR, PAYMENT_TERMS, parseApr } from "../lib/loan.ts";
import { PATHS } from "../lib/routes.ts";
import { WALLET_LIMITS, affordablePrice, type Wallet, type WalletField, type WalletFormReply, type WalletView } from "../lib/wallet.ts";
import { getFlags } from "./flags.server.ts";
import { formatPrice } from "../lib/format.ts";

export const walletCookie = SITE_COOKIES.wallet;

const stored = z.object({
  monthly: z.number().int().min(WALLET_LIMITS.monthly.min).max(WALLET_LIMITS.monthly.max),
  down: z.number().int().min(0).max(WALLET_LIMITS.down.max),
  term: z.number().refine((t) => (PAYMENT_TERMS as readonly number[]).includes(t)),
  apr: z.number().min(0).max(MAX_APR),
  on: z.boolean(),
});

export function walletEnabled(): boolean {
  return getFlags().wallet;
}

/** The shopper's wallet, or null (none, the flag off, or a cookie that does not validate). */
export async function readWallet(request: Request): Promise<Wallet | null> {
  if (!walletEnabled()) return null;
  try {
    const parsed = stored.safeParse(await walletCookie.parse(request.headers.get("Cookie")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** "$2,500", "2500", " 2,500 " -> 2500; anything else undefined. */
function dollars(raw: string): number | undefined {
  const s = raw.replace(/[$,\s]/g, "");
  return /^\d{1,7}$/.test(s) ? Number(s) : undefined;
}

export const WALLET_MESSAGES = {
  monthly: `Enter a monthly budget between ${formatPrice(WALLET_LIMITS.monthly.min)} and ${formatPrice(WALLET_LIMITS.monthly.max)}.`,
  down: `Enter a down payment between $0 and ${formatPrice(WALLET_LIMITS.down.max)}.`,
  apr: APR_MESSAGE,
} as const;

export type WalletFields = WalletFormReply["fields"];

/** Reads the form: the wallet (payments on), or what was typed with a message per bad field. */
export function parseWalletForm(form: FormData): { wallet: Wallet } | WalletFormReply {
  const text = (k: WalletField) => {
    const v = form.get(k);
    return typeof v === "string" ? v.slice(0, 20) : "";
  };
  const fields: WalletFields = { monthly: text("monthly"), down: text("down"), term: text("term"), apr: text("apr") };
  const errors: WalletFormReply["errors"] = {};
  const monthly = dollars(fields.monthly);
  if (monthly === undefined || monthly < WALLET_LIMITS.monthly.min || monthly > WALLET_LIMITS.monthly.max) errors.monthly = WALLET_MESSAGES.monthly;
  const down = fields.down.trim() === "" ? 0 : dollars(fields.down);
  if (down === undefined || down > WALLET_LIMITS.down.max) errors.down = WALLET_MESSAGES.down;
  const termNum = Number(fields.term);
  const term = (PAYMENT_TERMS as readonly number[]).includes(termNum) ? termNum : DEFAULT_TERM;
  const apr = parseApr(fields.apr);
  if (apr === null) errors.apr = WALLET_MESSAGES.apr;
  if (Object.keys(errors).length > 0) return { fields, errors };
  return { wallet: { monthly: monthly!, down: down!, term, apr: apr!, on: true } };
}

/** The /wallet page for coming back to `ref`. */
export function walletHref(ref: string): string {
  return `${PATHS.wallet}?${new URLSearchParams({ ref })}`;
}

/** The way back: a same-site path, else the results page. */
export function walletRef(raw: unknown): string {
  return safeRefUrl(raw, PATHS.search);
}

/** The results page's wallet: `ref` is the page itself, `shop` makes its search with a maximum price. */
export function walletView(wallet: Wallet | null, ref: string, shop: (maxPrice: number) => string): WalletView {
  const maxPrice = wallet ? affordablePrice(wallet) : null;
  return { wallet, editHref: walletHref(ref), action: PATHS.wallet, ref, maxPrice, shopHref: maxPrice !== null && maxPrice > 0 ? shop(maxPrice) : null };
}
