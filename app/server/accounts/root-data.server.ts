// What every page needs to know about the shopper: signed in or not, and which cars they saved
// (for the hearts). Read by the root loader.
import type { AccountSummary } from "../../lib/account.ts";
import { getDatabase } from "../db/connection.server.ts";
import { readQuickSaves, getSessionUser } from "./session.server.ts";
import { savedVehicleIds } from "./saved-vehicles.server.ts";

export async function accountSummary(request: Request): Promise<AccountSummary> {
  const user = await getSessionUser(request);
  if (user) {
    const db = await getDatabase();
    return { signedIn: true, firstName: user.firstName, savedIds: await savedVehicleIds(db, user.id) };
  }
  return { signedIn: false, firstName: "", savedIds: await readQuickSaves(request) };
}
