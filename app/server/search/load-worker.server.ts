// Loader thread: reads one id range of the active listings from the SQLite file and posts them
// back packed (typed arrays, transferred without copying). The main thread reads the other
// range at the same time, so a cold start uses both cores. See loadActiveRowsParallel.
import { DatabaseSync } from "node:sqlite";
import { parentPort, workerData } from "node:worker_threads";
import { BitDict, packRows, transferables } from "./pack.server.ts";
import { SELECT_LISTING_ROWS, type IndexRow } from "./rows.server.ts";

interface Job {
  path: string;
  afterId: number;
  lastId: number;
  batch: number;
}

const job = workerData as Job;
const db = new DatabaseSync(job.path);
db.exec("PRAGMA mmap_size = 8589934592");
const stmt = db.prepare(`${SELECT_LISTING_ROWS} WHERE +status = 'active' AND id > ? AND id <= ? ORDER BY id`);
stmt.setReturnArrays(true);
const dicts = { features: new BitDict(), packages: new BitDict(), homeServices: new BitDict(), history: new BitDict() };
let rows: IndexRow[] = [];
const flush = () => {
  const packed = packRows(rows, dicts);
  parentPort!.postMessage(packed, transferables(packed));
  rows = [];
};
for (const row of stmt.iterate(job.afterId, job.lastId)) {
  rows.push(row as unknown as IndexRow);
  if (rows.length === job.batch) flush();
}
if (rows.length > 0) flush();
db.close();
parentPort!.postMessage({ done: true });
