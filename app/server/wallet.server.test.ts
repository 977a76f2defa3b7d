// The wallet's form and cookie (app/server/wallet.server.ts): validation messages, what is kept,
// and the POST /wallet answers, on real Requests.
import { describe, expect, it } from "vitest";
import { parseWalletForm, readWallet, walletAction, walletCookie, WALLET_MESSAGES } from "./wallet.server.ts";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const post = (fields: Record<string, string>, cookie?: string) =>
  new Request("http://localhost/wallet", { method: "POST", body: new URLSearchParams(fields), headers: cookie ? { Cookie: cookie } : {} });

/** Runs the action; a thrown redirect comes back as its Response. */
async function answer(request: Request): Promise<Response | { data: unknown; init: ResponseInit | null }> {
  try {
    return (await walletAction(request)) as never;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

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

describe("POST /wallet", () => {
  it("saves a good budget in the cookie and goes back to the page it came from", async () => {
    const res = await answer(post({ intent: "save", ref: "/cars-for-sale/used/toyota?zip=30301", monthly: "450", down: "3000", term: "72", apr: "6.9" }));
    expect(res).toBeInstanceOf(Response);
    const r = res as Response;
    expect(r.status).toBe(303);
    expect(r.headers.get("Location")).toBe("/cars-for-sale/used/toyota?zip=30301");
    const cookie = r.headers.get("Set-Cookie")!.split(";")[0];
    expect(await readWallet(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toEqual({
      monthly: 450,
      down: 3000,
      term: 72,
      apr: 6.9,
      on: true,
    });
  });

  it("refuses a bad budget with 400, stores nothing, and keeps the way back", async () => {
    const res = (await answer(post({ intent: "save", ref: "/cars-for-sale/used", monthly: "x", apr: "5" }))) as {
      data: { ref: string; errors: object };
      init: ResponseInit;
    };
    expect(res.init.status).toBe(400);
    expect(res.data.ref).toBe("/cars-for-sale/used");
    expect(res.data.errors).toEqual({ monthly: WALLET_MESSAGES.monthly });
    expect(new Headers(res.init.headers).get("Set-Cookie")).toBeNull();
  });

  it("toggles payments; on without a budget leads to the form; never back to another site", async () => {
    const first = (await answer(post({ intent: "toggle", value: "on", ref: "https://evil.example/" }))) as Response;
    expect(first.headers.get("Location")).toBe("/wallet?ref=%2Fcars-for-sale");
    const serialized = await walletCookie.serialize({ monthly: 450, down: 0, term: 60, apr: 5, on: true });
    const saved = `fc_wallet=${serialized.split(";")[0].slice("fc_wallet=".length)}`;
    const off = (await answer(post({ intent: "toggle", value: "off", ref: "/cars-for-sale" }, saved))) as Response;
    expect(off.status).toBe(303);
    const offCookie = off.headers.get("Set-Cookie")!.split(";")[0];
    expect(await readWallet(new Request("http://localhost/", { headers: { Cookie: offCookie } }))).toMatchObject({ monthly: 450, on: false });
    const cleared = (await answer(post({ intent: "clear", ref: "/cars-for-sale" }, saved))) as Response;
    expect(cleared.headers.get("Set-Cookie")).toMatch(/Max-Age=0/i);
  });

  it("reads a tampered or out-of-range cookie as no wallet", async () => {
    const bad = await walletCookie.serialize({ monthly: 5, down: 0, term: 60, apr: 5, on: true });
    expect(await readWallet(new Request("http://localhost/", { headers: { Cookie: bad.split(";")[0] } }))).toBeNull();
    expect(await readWallet(new Request("http://localhost/", { headers: { Cookie: "fc_wallet=%%%garbage" } }))).toBeNull();
  });
});
