// JSON logs (one object a line, with the request id when there is one) and the monitoring hook
// errors are reported to. The default monitor writes the error to the log; a deployment can set
// another one (setMonitor) to forward reports to an error tracker.
import { currentRequest } from "./context.server.ts";

export type LogLevel = "debug" | "info" | "warn" | "error";
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface ErrorReport {
  message: string;
  error: string;
  requestId?: string;
  [key: string]: unknown;
}
export type Monitor = (report: ErrorReport) => void;

const KEY = Symbol.for("forecourt.monitor");
type Holder = { [KEY]?: Monitor };

function threshold(): number {
  const level = process.env.LOG_LEVEL as LogLevel | undefined;
  return ORDER[level ?? "info"] ?? ORDER.info;
}

export function log(level: LogLevel, msg: string, fields: Record<string, unknown> = {}): void {
  if (ORDER[level] < threshold()) return;
  const requestId = currentRequest()?.requestId;
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...(requestId ? { requestId } : {}), ...fields });
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

const logMonitor: Monitor = ({ message, ...rest }) => log("error", message, rest);

export function setMonitor(monitor: Monitor | null): void {
  (globalThis as Holder)[KEY] = monitor ?? undefined;
}

/** Reports an error to monitoring (the log unless another monitor is set). Never throws. */
export function reportError(message: string, error: unknown, extra: Record<string, unknown> = {}): void {
  const requestId = currentRequest()?.requestId;
  const report: ErrorReport = {
    message,
    error: String((error as Error)?.stack ?? error),
    ...(requestId ? { requestId } : {}),
    ...extra,
  };
  try {
    ((globalThis as Holder)[KEY] ?? logMonitor)(report);
  } catch {
    logMonitor(report);
  }
}
