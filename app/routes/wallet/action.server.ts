// POST /wallet (decision 017): save the budget from the form, clear it, or turn payments on and
// off; each goes back (303) to the page it came from with the cookie set. A bad budget is a 400
// that keeps what was typed.
import { data, redirect } from "react-router";
import type { Wallet } from "../../lib/wallet.ts";
import { parseWalletForm, readWallet, walletCookie, walletEnabled, walletHref, walletRef } from "../../server/wallet.server.ts";

/** POST /wallet. Throws its redirects; returns the form's errors (400). */
export async function walletAction(request: Request) {
  if (!walletEnabled()) throw data(null, { status: 404 });
  const form = await request.formData().catch(() => new FormData());
  const ref = walletRef(form.get("ref"));
  const intent = form.get("intent");
  const current = await readWallet(request);
  const back = async (w: Wallet | null) => {
    const cookie = w ? await walletCookie.serialize(w) : await walletCookie.serialize("", { maxAge: 0 });
    throw redirect(ref, { status: 303, headers: { "Set-Cookie": cookie } });
  };
  switch (intent) {
    case "clear":
      return back(null);
    case "toggle": {
      const on = form.get("value") === "on";
      if (on && !current) throw redirect(walletHref(ref), { status: 303 });
      return back(current ? { ...current, on } : null);
    }
    // The budget form's own button, or the form sent without a button.
    case "save":
    case null: {
      const parsed = parseWalletForm(form);
      if ("wallet" in parsed) return back(parsed.wallet);
      return data({ ...parsed, ref }, { status: 400 });
    }
    default:
      // One intent switch per action (docs/architecture.md): anything else changes nothing.
      throw data(null, { status: 400, statusText: "Unknown intent" });
  }
}
