// GET /healthz: JSON with database status, the active listing count, the search index's state and
// which server process answered (0: the only one; 1, 2 ...: one of several, docs/performance.md).
import cluster from "node:cluster";
import { getDatabase } from "../server/db/connection.server";
import { activeListingCount } from "../server/reference/queries.server";
import { getSearchEngine } from "../server/search/search.server";
import { serviceCalls } from "../server/services/calls.server";
import { reportError } from "../server/observability/log.server";

export async function loader() {
  const started = performance.now();
  try {
    const db = await getDatabase();
    const active = await activeListingCount(db);
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    const engine = (await getSearchEngine()).status();
    return Response.json(
      {
        status: "ok",
        database: { status: "ok", dialect: db.dialect, latencyMs },
        listings: { active },
        search: {
          kind: engine.kind,
          listings: engine.listings,
          version: engine.version,
          pending: engine.pending,
          buildMs: engine.buildMs,
          lastChangeAppliedAt: engine.lastChangeAppliedAt,
        },
        services: { mode: serviceCalls().mode, breakers: serviceCalls().breakerStates() },
        server: { process: cluster.isWorker ? (cluster.worker?.id ?? 0) : 0 },
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    reportError("healthz database check failed", error);
    return Response.json(
      { status: "error", database: { status: "error" }, listings: { active: null } },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
