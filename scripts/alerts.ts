// `npm run alerts`: runs the alert jobs once (saved-search digests, price drops) into the mail
// outbox and exits. Safe beside running app instances: each alert is keyed and goes out once.
import { closeDatabase, getDatabase } from "../app/server/db/connection.server.ts";
import { runAlertsOnce } from "../app/server/accounts/alert-runner.server.ts";
import { closeSearchEngine } from "../app/server/search/search.server.ts";

const db = await getDatabase();
try {
  const result = await runAlertsOnce(db);
  console.log(JSON.stringify({ level: "info", msg: "alerts queued", ...result }));
} finally {
  await closeSearchEngine();
  await closeDatabase();
}
