// POST /wallet (action.server.ts) on real Requests: what is saved, refused, toggled and cleared,
// and where each answer goes back to.
import { describe, expect, it } from "vitest";
import { readWallet, walletCookie, WALLET_MESSAGES } from "../../server/wallet.server.ts";
import { walletAction } from "./action.server.ts";

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

  it("answers an unknown intent with a 400 and sets nothing; a budget sent without its button is saved", async () => {
    let thrown: unknown = null;
    try {
      await walletAction(post({ intent: "nonsense", ref: "/cars-for-sale", monthly: "450", down: "0", term: "60", apr: "5" }));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toMatchObject({ init: { status: 400 } });
    const plain = (await answer(post({ ref: "/cars-for-sale", monthly: "450", down: "0", term: "60", apr: "5" }))) as Response;
    expect(plain.status).toBe(303);
    expect(plain.headers.get("Set-Cookie")).toMatch(/^fc_wallet=/);
  });
});
