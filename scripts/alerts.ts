// `npm run alerts`: runs the alert jobs once (saved-search digests, price drops, dealer review invitations) into the mail
// outbox and exits. Safe beside running app instances: each alert is keyed and goes out once.
import { closeDatabase, getDatabase } from "../app/server/db/connection.server.ts";
import { runAlertsOnce } from "../app/server/accounts/alert-runner.server.ts";
import { closeSearchEngine } from "../app/server/search/search.server.ts";
import { log } from "../app/server/observability/log.server.ts";

const db = await getDatabase();
try {
  const result = await runAlertsOnce(db);
  log("info", "alerts queued", { ...result });
} finally {
  await closeSearchEngine();
  await closeDatabase();
}
