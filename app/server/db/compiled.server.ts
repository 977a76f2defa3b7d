// Hot reads compiled once (ADR 032, "Hot queries compiled once"; docs/performance.md). Building
// and compiling a wide Kysely select (the listing summary's 75 columns and four joins) costs more
// than running it by primary key, and a page did it again for every request. A query run through
// `selectCached` is compiled the first time its shape is seen; later runs reuse the SQL with the
// new values.
import type { Compilable, CompiledQuery } from "kysely";
import type { Database } from "./connection.server.ts";
import { getEnv } from "../env.server.ts";

/** Shapes kept per database (a shape per call site and IN-list length); cleared when full. */
const SHAPES_KEPT = 500;

const shapes = new WeakMap<Database, Map<string, CompiledQuery | null>>();

/** Under test every run is compiled as well and must match what is kept: a wrong key or order fails there. */
let checking: boolean | undefined;
const checkEveryRun = () => (checking ??= getEnv().NODE_ENV === "test");

/** Tests of this module: runs as in production (no check on later runs), or back to the default. */
export function checkCompiledRuns(on: boolean | undefined): void {
  checking = on;
}

/**
 * Runs `build()`'s query with `params` as its values. `key` names the SQL's shape: the call site
 * and anything besides the values that changes the SQL (an IN list's length is added here).
 * `params` are the values in the order Kysely binds them; the first compilation checks that
 * (a shape whose values differ is never kept: it is compiled every time, as before).
 */
export async function selectCached<R>(db: Database, key: string, params: readonly unknown[], build: () => Compilable<R>): Promise<R[]> {
  let kept = shapes.get(db);
  if (!kept) shapes.set(db, (kept = new Map()));
  const shape = `${key}#${params.length}`;
  const compiled = kept.get(shape);
  if (compiled === undefined) {
    const fresh = build().compile();
    const same = sameValues(fresh.parameters, params);
    if (!same && checkEveryRun()) throw new Error(`selectCached(${key}): the values differ from the query's (${fresh.sql})`);
    if (kept.size >= SHAPES_KEPT) kept.clear();
    kept.set(shape, same ? fresh : null);
    return (await db.kysely.executeQuery(fresh)).rows;
  }
  if (compiled === null) return (await db.kysely.executeQuery(build().compile())).rows;
  if (checkEveryRun()) {
    const fresh = build().compile();
    if (fresh.sql !== compiled.sql || !sameValues(fresh.parameters, params))
      throw new Error(`selectCached(${key}): the SQL or the values differ from the shape's (${fresh.sql})`);
  }
  return (await db.kysely.executeQuery<R>({ ...compiled, parameters: params } as CompiledQuery<R>)).rows;
}

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
}
