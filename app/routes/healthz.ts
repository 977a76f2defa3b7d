// GET /healthz: JSON with database status and the active listing count.
import { getDatabase } from "../server/db/connection.server";
import { activeListingCount } from "../server/reference/queries.server";
import { getSearchEngine } from "../server/search/search.server";
import { serviceCalls } from "../server/services/calls.server";

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
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    console.error(JSON.stringify({ level: "error", msg: "healthz database check failed", error: String(error) }));
    return Response.json(
      { status: "error", database: { status: "error" }, listings: { active: null } },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
