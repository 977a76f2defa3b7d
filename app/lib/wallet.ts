// Wallet (docs/results-page.md: "a payment-budget feature called wallet"; "The toggle
// switches payment emphasis and opens the wallet modal when turned on"; "Wallet card at 3").
// The shopper's payment budget: what they can pay a month, their down payment, the loan's term
// and APR. With payments on, every card shows its estimated monthly payment on those terms; the
// wallet card in the grid turns the budget into a price ceiling. Pure and shared: the server reads
// and validates the form and the cookie (app/server/wallet.server.ts), the page shows the same
// figures. No zod here, so the results page's script stays small. Decision 017.
import { DEFAULT_TERM, monthlyPayment } from "./loan.ts";

export interface Wallet {
  /** Whole dollars a month the shopper wants to pay. */
  monthly: number;
  /** Whole dollars down. */
  down: number;
  /** Months: one of PAYMENT_TERMS. */
  term: number;
  /** Percent, e.g. 6.9. */
  apr: number;
  /** Payment emphasis: cards show the monthly payment. */
  on: boolean;
}

export const WALLET_LIMITS = {
  monthly: { min: 50, max: 10_000 },
  down: { max: 500_000 },
} as const;

export const WALLET_TEXT = {
  title: "Your wallet",
  toggle: "Monthly payments",
  intro: "Tell us what you can pay a month. We show every car's estimated payment on your terms and the price your budget reaches.",
  save: "Save and show payments",
  clear: "Clear wallet",
  cardTitle: "Shop by budget",
  cardBody: "Set a monthly budget and see each car's payment on your terms.",
  cardCta: "Set your budget",
  shop: "Show cars in my budget",
  edit: "Edit budget",
  estimate: "est. with your wallet",
  withinBudget: "In your budget",
} as const;

/** Form field names, shared by the /wallet page, the results page's dialog and the server. */
export type WalletField = "monthly" | "down" | "term" | "apr";

/** The server's answer to a refused form: what was typed, a message per bad field, the way back. */
export interface WalletFormReply {
  ref?: string;
  fields: Record<WalletField, string>;
  errors: Partial<Record<WalletField, string>>;
}

/** The form's starting values: the wallet's, or empty with the default term. */
export function walletFormValues(w: Wallet | null): Record<WalletField, string> {
  if (!w) return { monthly: "", down: "", term: String(DEFAULT_TERM), apr: "" };
  return { monthly: String(w.monthly), down: w.down ? String(w.down) : "", term: String(w.term), apr: String(w.apr) };
}

/** The highest price the budget pays for: the down payment plus the loan the monthly payment carries, rounded down to $100. */
export function affordablePrice(w: Pick<Wallet, "monthly" | "down" | "term" | "apr">): number {
  const r = w.apr / 100 / 12;
  const loan = r === 0 ? w.monthly * w.term : (w.monthly * (1 - Math.pow(1 + r, -w.term))) / r;
  return Math.floor((w.down + loan) / 100) * 100;
}

/** A listing's estimated monthly payment on the wallet's terms. */
export function walletPayment(price: number, w: Pick<Wallet, "down" | "term" | "apr">): number {
  return monthlyPayment({ price, down: Math.min(w.down, price), termMonths: w.term, apr: w.apr });
}

/** What the results page needs of the wallet: null when the flag is off. */
export interface WalletView {
  wallet: Wallet | null;
  /** The /wallet page with this page as the way back (the form without JavaScript). */
  editHref: string;
  /** POST target of the toggle and the form. */
  action: string;
  /** Where the answer returns: this page. */
  ref: string;
  /** This search with the budget's price as its maximum; null without a wallet. */
  shopHref: string | null;
  maxPrice: number | null;
}
