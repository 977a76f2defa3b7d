// The wallet's form and cookie (app/server/wallet.server.ts): validation messages, what is kept;
// the POST /wallet answers are tested beside the page's action (app/routes/wallet/action.server.test.ts).
import { describe, expect, it } from "vitest";
import { parseWalletForm, readWallet, walletCookie, WALLET_MESSAGES } from "./wallet.server.ts";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
describe("wallet form", () => {
  it("takes dollars with $ and commas, a listed term, an APR with or without %", () => {
    expect(parseWalletForm(form({ monthly: "$1,250", down: "2,000", term: "48", apr: "5.9%" }))).toEqual({
      wallet: { monthly: 1250, down: 2000, term: 48, apr: 5.9, on: true },
    });
    // No down payment is none; an unknown term is the default.
    expect(parseWalletForm(form({ monthly: "400", down: "", term: "13", apr: "0" }))).toEqual({
      wallet: { monthly: 400, down: 0, term: 60, apr: 0, on: true },
    });
  });

  it("refuses a bad field with its message and keeps what was typed", () => {
    const r = parseWalletForm(form({ monthly: "lots", down: "-5", term: "60", apr: "31" }));
    expect(r).toEqual({
      fields: { monthly: "lots", down: "-5", term: "60", apr: "31" },
      errors: { monthly: WALLET_MESSAGES.monthly, down: WALLET_MESSAGES.down, apr: WALLET_MESSAGES.apr },
    });
    expect(WALLET_MESSAGES.monthly).toBe("Enter a monthly budget between $50 and $10,000.");
    expect(parseWalletForm(form({ monthly: "49", apr: "5" }))).toMatchObject({ errors: { monthly: WALLET_MESSAGES.monthly } });
    expect(parseWalletForm(form({ monthly: "10001", apr: "5" }))).toMatchObject({ errors: { monthly: WALLET_MESSAGES.monthly } });
    expect(parseWalletForm(form({ monthly: "400" }))).toMatchObject({ errors: { apr: WALLET_MESSAGES.apr } });
  });
});

describe("wallet cookie", () => {
  it("reads a tampered or out-of-range cookie as no wallet", async () => {
    const bad = await walletCookie.serialize({ monthly: 5, down: 0, term: 60, apr: 5, on: true });
    expect(await readWallet(new Request("http://localhost/", { headers: { Cookie: bad.split(";")[0] } }))).toBeNull();
    expect(await readWallet(new Request("http://localhost/", { headers: { Cookie: "fc_wallet=%%%garbage" } }))).toBeNull();
  });
});
