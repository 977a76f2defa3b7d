// Resolves feature flags: defaults (app/lib/flags.ts) < JSON file < FLAGS_JSON < FLAG_<NAME> variables.
// Invalid overrides are reported and ignored, never fatal: a typo in a flag must not take the site down.
import { existsSync, readFileSync } from "node:fs";
import { DEFAULT_FLAGS, flagsSchema, type Flags, type FlagName } from "../lib/flags.ts";
import { flagVariables, getEnv } from "./env.server.ts";
import { log } from "./observability/log.server.ts";

const flagNames = Object.keys(DEFAULT_FLAGS) as FlagName[];

function envNameFor(flag: string): string {
  return "FLAG_" + flag.replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase();
}

function coerce(flag: FlagName, raw: string): unknown {
  const d = DEFAULT_FLAGS[flag];
  if (typeof d === "boolean") return raw === "true" || raw === "1" || raw === "on";
  if (typeof d === "number") return Number(raw);
  return raw;
}

export function resolveFlags(sources: { file?: Record<string, unknown>; json?: Record<string, unknown>; env?: Record<string, string | undefined> }): {
  flags: Flags;
  problems: string[];
} {
  const merged: Record<string, unknown> = { ...DEFAULT_FLAGS };
  const problems: string[] = [];
  const apply = (origin: string, values: Record<string, unknown> | undefined) => {
    if (!values) return;
    for (const [key, value] of Object.entries(values)) {
      if (!flagNames.includes(key as FlagName)) {
        problems.push(`${origin}: unknown flag ${key}`);
        continue;
      }
      const field = flagsSchema.shape[key as FlagName];
      const parsed = field.safeParse(value);
      if (parsed.success) merged[key] = parsed.data;
      else problems.push(`${origin}: bad value for ${key}`);
    }
  };
  apply("flags file", sources.file);
  apply("FLAGS_JSON", sources.json);
  if (sources.env) {
    const fromEnv: Record<string, unknown> = {};
    for (const flag of flagNames) {
      const raw = sources.env[envNameFor(flag)];
      if (raw !== undefined && raw !== "") fromEnv[flag] = coerce(flag, raw);
    }
    apply("environment", fromEnv);
  }
  return { flags: flagsSchema.parse(merged), problems };
}

function readJson(text: string | undefined, origin: string, problems: string[]): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
    problems.push(`${origin}: not a JSON object`);
  } catch {
    problems.push(`${origin}: not valid JSON`);
  }
  return undefined;
}

let cached: Flags | undefined;

export function getFlags(): Flags {
  if (cached) return cached;
  const env = getEnv();
  const problems: string[] = [];
  const fileText = existsSync(env.FLAGS_FILE) ? readFileSync(env.FLAGS_FILE, "utf8") : undefined;
  const file = readJson(fileText, env.FLAGS_FILE, problems);
  const json = readJson(env.FLAGS_JSON, "FLAGS_JSON", problems);
  const resolved = resolveFlags({ file, json, env: flagVariables() });
  for (const p of [...problems, ...resolved.problems]) log("warn", "flag override ignored", { detail: p });
  cached = resolved.flags;
  return cached;
}

export function resetFlagsCache(): void {
  cached = undefined;
}
