// The local-only outbox reader at /dev/mail (issue 6): lists the mail the app has written and shows
// one. Answers 404 when NODE_ENV=production unless DEV_MAIL=true (browser tests read mail there).
import { data } from "react-router";
import { z } from "zod";
import { getDatabase } from "../db/connection.server.ts";
import { getEnv } from "../env.server.ts";
import { getMail, listMail, outboxCounts, type MailRow, type OutboxCounts } from "../mail/outbox.server.ts";

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

export async function loadDevMailPage(url: URL): Promise<DevMailPageData> {
  if (!devMailEnabled()) throw data(null, { status: 404, statusText: "Not Found" });
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
