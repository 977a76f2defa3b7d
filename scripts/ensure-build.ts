// The production build, rebuilt only when a source is newer than it. `npm start` calls this; so do
// the integration tests that start the real server (tests/support/app-server.ts), under a lock so
// two test files never build into the same folder at once.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else if (!entry.name.endsWith(".test.ts")) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

export function buildIsCurrent(): boolean {
  const entry = path.join(root, "build", "server", "index.js");
  const sources = Math.max(
    newestMtime(path.join(root, "app")),
    ...["vite.config.ts", "react-router.config.ts", "package-lock.json"].map((f) => statSync(path.join(root, f)).mtimeMs),
  );
  return existsSync(entry) && statSync(entry).mtimeMs >= sources;
}

/** Builds when the build is missing or older than the sources; throws when the build fails. */
export function ensureBuild(log: (msg: string) => void = () => {}): void {
  if (buildIsCurrent()) return;
  log("building the app");
  const r = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", cwd: root });
  if (r.status !== 0) throw new Error("build failed");
}

/** ensureBuild for several processes at once: one builds, the others wait for it. */
export async function ensureBuildLocked(log: (msg: string) => void = () => {}): Promise<void> {
  const lock = path.join(root, ".cache", "build.lock");
  mkdirSync(path.dirname(lock), { recursive: true });
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than 15 minutes was left by a process that died.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 15 * 60_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        /* gone meanwhile */
      }
      if (Date.now() - started > 20 * 60_000) throw new Error(`build lock ${lock} held for 20 minutes`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    ensureBuild(log);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
