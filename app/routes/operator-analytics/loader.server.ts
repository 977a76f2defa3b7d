// The operator's view of first-party page events (docs/analytics.md): the last days' counts per
// event and label. Accounts in OPERATOR_EMAILS with a verified address only; anyone else a 404.
import { getDatabase } from "../../server/db/connection.server.ts";
import { ANALYTICS_EVENTS, ANALYTICS_EVENT_NAMES, analyticsByDay } from "../../server/observability/analytics.server.ts";
import { requireOperator } from "../../server/accounts/operator.server.ts";

/** Days the view shows, today included. */
export const ANALYTICS_DAYS_SHOWN = 14;

export async function loadOperatorAnalytics(request: Request) {
  const operator = await requireOperator(request);
  const rows = await analyticsByDay(await getDatabase(), ANALYTICS_DAYS_SHOWN);
  const days = [...new Set(rows.map((r) => r.day))];
  return {
    operator,
    daysShown: ANALYTICS_DAYS_SHOWN,
    days: days.map((day) => ({
      day,
      events: ANALYTICS_EVENTS.map((event) => {
        const of = rows.filter((r) => r.day === day && r.event === event);
        return {
          event,
          name: ANALYTICS_EVENT_NAMES[event],
          total: of.reduce((n, r) => n + r.count, 0),
          labels: of.map((r) => ({ label: r.label, count: r.count })).sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
        };
      }),
    })),
  };
}
