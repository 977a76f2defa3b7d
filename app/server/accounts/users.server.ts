// Shopper accounts: create, authenticate, profile, delete. Emails are stored lower-cased and
// trimmed (the zod schemas in app/lib/account.ts do that before anything reaches here).
import type { Database } from "../db/connection.server.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password.server.ts";

export async function createUser(
  db: Database,
  input: { email: string; password: string; firstName?: string; lastName?: string },
  now = Date.now(),
): Promise<{ id: number } | { error: "taken" }> {
  const existing = await db.kysely.selectFrom("users").select("id").where("email", "=", input.email).executeTakeFirst();
  if (existing) return { error: "taken" };
  const password_hash = await hashPassword(input.password);
  try {
    const row = await db.kysely
      .insertInto("users")
      .values({
        email: input.email,
        password_hash,
        first_name: input.firstName ?? "",
        last_name: input.lastName ?? "",
        phone: "",
        one_click_opt_in: 0,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: Number(row.id) };
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides.
    if (/unique|duplicate/i.test(String(error))) return { error: "taken" };
    throw error;
  }
}

/** The user id when the email and password match; null otherwise (same work either way). */
export async function authenticate(db: Database, email: string, password: string): Promise<number | null> {
  const row = await db.kysely.selectFrom("users").select(["id", "password_hash"]).where("email", "=", email).executeTakeFirst();
  const ok = await verifyPassword(password, row?.password_hash ?? (await dummyPasswordHash()));
  return row && ok ? Number(row.id) : null;
}

/**
 * Saves the lead profile. A new email does not replace the current one: it waits in
 * `pending_email` until its link is opened (verification.server.ts); the result says so.
 */
export async function updateProfile(
  db: Database,
  userId: number,
  p: { firstName?: string; lastName?: string; email: string; phone?: string; oneClickOptIn: boolean },
): Promise<{ ok: true; pendingEmail: string | null } | { error: "taken" }> {
  const current = await db.kysely.selectFrom("users").select(["email", "pending_email"]).where("id", "=", userId).executeTakeFirstOrThrow();
  const changing = p.email !== current.email;
  if (changing) {
    const other = await db.kysely.selectFrom("users").select("id").where("email", "=", p.email).where("id", "<>", userId).executeTakeFirst();
    if (other) return { error: "taken" };
  }
  await db.kysely
    .updateTable("users")
    .set({
      first_name: p.firstName ?? "",
      last_name: p.lastName ?? "",
      // Typing the current address again cancels a pending change.
      pending_email: changing ? p.email : null,
      phone: p.phone ?? "",
      one_click_opt_in: p.oneClickOptIn ? 1 : 0,
    })
    .where("id", "=", userId)
    .execute();
  // A new link only when the pending address is new (saving the form again sends nothing more).
  return { ok: true, pendingEmail: changing && current.pending_email !== p.email ? p.email : null };
}

/**
 * Deletes the account and every piece of personal data tied to it: sessions, saved vehicles and
 * searches (cascade), plus searches and price alerts held under its email address when that
 * address is verified (an unverified account cannot wipe someone else's alerts).
 */
export async function deleteUser(db: Database, userId: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("users").select(["email", "email_verified_at"]).where("id", "=", userId).executeTakeFirst();
    if (!user) return;
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    await trx.deleteFrom("saved_vehicles").where("user_id", "=", userId).execute();
    await trx.deleteFrom("saved_searches").where("user_id", "=", userId).execute();
    // The account's devices are no longer told anything (decision 023).
    await trx.deleteFrom("push_subscriptions").where("user_id", "=", userId).execute();
    if (user.email_verified_at !== null) {
      await trx.deleteFrom("saved_searches").where("email", "=", user.email).where("user_id", "is", null).execute();
      await trx.deleteFrom("price_alerts").where("email", "=", user.email).execute();
    }
    await trx.deleteFrom("users").where("id", "=", userId).execute();
  });
}
