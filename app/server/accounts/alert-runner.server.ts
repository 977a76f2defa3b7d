// Runs the alert jobs inside the app on an interval (ALERTS_INTERVAL_MS; 0 = off) and from
// `npm run alerts`. Safe with several instances: every alert is keyed (see alerts.server.ts).
import type { Database } from "../db/connection.server.ts";
import { getEnv } from "../env.server.ts";
import { getSearchEngine } from "../search/search.server.ts";
import { getSearchPageContext } from "../services/url-context.server.ts";
import { applyUnsubscribe, runAlerts, type AlertRunResult } from "./alerts.server.ts";
import { verifyUnsubscribeToken } from "./unsubscribe-token.server.ts";
import { sendReviewInvites } from "../research/review-invites.server.ts";
import { reportError } from "../observability/log.server.ts";

export async function runAlertsOnce(db: Database): Promise<AlertRunResult & { reviewInvites: number }> {
  const env = getEnv();
  const [engine, { ctx }] = await Promise.all([getSearchEngine(), getSearchPageContext()]);
  const origin = env.PUBLIC_ORIGIN;
  const alerts = await runAlerts({ db, engine, ctx, origin, secret: env.SESSION_SECRET });
  // Dealer review invitations, 3 days after a lead (docs/model-research.md).
  return { ...alerts, reviewInvites: await sendReviewInvites(db, { origin, secret: env.SESSION_SECRET }) };
}

export function startAlertRunner(db: Database, log: (msg: string, extra?: Record<string, unknown>) => void): { stop(): void } {
  const interval = getEnv().ALERTS_INTERVAL_MS;
  if (interval <= 0) return { stop() {} };
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const r = await runAlertsOnce(db);
      if (r.digests + r.priceDrops + r.reviewInvites > 0) log("alerts queued", { ...r });
    } catch (error) {
      reportError("alert run failed", error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), interval);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** Whether an unsubscribe link's token is genuine (the confirm page shows its button only then). */
export function unsubscribeTokenValid(token: string | null): boolean {
  return token ? verifyUnsubscribeToken(getEnv().SESSION_SECRET, token) !== null : false;
}

export async function unsubscribeWithToken(db: Database, token: string | null): Promise<"done" | "invalid"> {
  const target = token ? verifyUnsubscribeToken(getEnv().SESSION_SECRET, token) : null;
  if (!target) return "invalid";
  await applyUnsubscribe(db, target);
  return "done";
}
