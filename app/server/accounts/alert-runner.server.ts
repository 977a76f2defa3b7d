// Runs the alert jobs inside the app on an interval (ALERTS_INTERVAL_MS; 0 = off) and from
// `npm run alerts`. Safe with several instances: every alert is keyed (see alerts.server.ts).
import type { Database } from "../db/connection.server.ts";
import { getEnv } from "../env.server.ts";
import { getSearchEngine } from "../search/search.server.ts";
import { getSearchPageContext } from "../services/url-context.server.ts";
import { applyUnsubscribe, runAlerts, type AlertRunResult } from "./alerts.server.ts";
import { verifyUnsubscribeToken } from "./unsubscribe-token.server.ts";

export async function runAlertsOnce(db: Database): Promise<AlertRunResult> {
  const env = getEnv();
  const [engine, { ctx }] = await Promise.all([getSearchEngine(), getSearchPageContext()]);
  return runAlerts({ db, engine, ctx, origin: env.PUBLIC_ORIGIN.replace(/\/+$/, ""), secret: env.SESSION_SECRET });
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
      if (r.digests + r.priceDrops > 0) log("alerts queued", { ...r });
    } catch (error) {
      console.error(JSON.stringify({ level: "error", msg: "alert run failed", error: String((error as Error)?.stack ?? error) }));
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), interval);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

export async function unsubscribeWithToken(db: Database, token: string | null): Promise<"done" | "invalid"> {
  const target = token ? verifyUnsubscribeToken(getEnv().SESSION_SECRET, token) : null;
  if (!target) return "invalid";
  await applyUnsubscribe(db, target);
  return "done";
}
