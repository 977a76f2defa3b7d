// The local-only outbox reader at /dev/mail: lists the mail the app has written and shows one.
// It holds shoppers' names, emails, phones and messages and unsubscribe tokens, so it answers only
// a request that came in over the loopback interface without passing a proxy (as the HTTP server
// marked it, app/server/security/client-address.server.ts), and only when enabled: outside
// production, or with DEV_MAIL=true (browser tests read mail there). Anything else is a 404.
import { data } from "react-router";
import { z } from "zod";
import { getDatabase } from "../../server/db/connection.server.ts";
import { getEnv } from "../../server/env.server.ts";
import { fromLoopback } from "../../server/security/client-address.server.ts";
import { getMail, listMail, outboxCounts, type MailRow, type OutboxCounts } from "../../server/mail/outbox.server.ts";

export function devMailEnabled(env = getEnv()): boolean {
  return env.NODE_ENV !== "production" || env.DEV_MAIL;
}

const querySchema = z.object({
  id: z.coerce.number().int().positive().optional().catch(undefined),
  to: z.string().trim().max(200).optional().catch(undefined),
  kind: z.string().trim().max(50).optional().catch(undefined),
});

export interface DevMailPageData {
  mail: MailRow[];
  selected: MailRow | null;
  counts: OutboxCounts;
  smtp: boolean;
  filter: { to: string; kind: string };
}

export async function loadDevMailPage(request: Request): Promise<DevMailPageData> {
  if (!devMailEnabled() || !fromLoopback(request)) throw data(null, { status: 404, statusText: "Not Found" });
  const url = new URL(request.url);
  const q = querySchema.parse(Object.fromEntries(url.searchParams));
  const db = await getDatabase();
  const [mail, counts, selected] = await Promise.all([
    listMail(db, { to: q.to || undefined, kind: q.kind || undefined, limit: 200 }),
    outboxCounts(db),
    q.id ? getMail(db, q.id) : Promise.resolve(null),
  ]);
  if (q.id && !selected) throw data(null, { status: 404, statusText: "Not Found" });
  return { mail, selected, counts, smtp: Boolean(getEnv().SMTP_URL), filter: { to: q.to ?? "", kind: q.kind ?? "" } };
}
