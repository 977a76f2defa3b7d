// JSON logs by pino (ADR 029): one object a line, level as a word, ISO time, the request id of
// the current request in every line (a mixin, so no call site passes it), then the message and
// the fields. debug and info go to stdout, warn and error to stderr. Also the monitoring hook
// errors are reported to: the default monitor writes the error to the log; a deployment can set
// another one (setMonitor) to forward reports to an error tracker.
import pino from "pino";
import { logLevel } from "../env.server.ts";
import { processSingleton, processSlot } from "../singleton.server.ts";
import { currentRequest } from "./context.server.ts";

export type LogLevel = "debug" | "info" | "warn" | "error";

export interface ErrorReport {
  message: string;
  error: string;
  requestId?: string;
  [key: string]: unknown;
}
export type Monitor = (report: ErrorReport) => void;

const monitorSlot = processSlot<Monitor>("monitor");

/** One logger per process (the server build and the Node entry share it). */
export function logger(): pino.Logger {
  return processSingleton("logger", () =>
    pino(
      {
        level: logLevel(),
        base: undefined,
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
        mixin: () => {
          const requestId = currentRequest()?.requestId;
          return requestId ? { requestId } : {};
        },
      },
      pino.multistream(
        [
          { level: "debug", stream: pino.destination({ dest: 1, sync: true }) },
          { level: "warn", stream: pino.destination({ dest: 2, sync: true }) },
        ],
        { dedupe: true },
      ),
    ),
  );
}

export function log(level: LogLevel, msg: string, fields: Record<string, unknown> = {}): void {
  // The message goes first among the fields (pino would put a message argument last).
  logger()[level]({ msg, ...fields });
}

const logMonitor: Monitor = ({ message, ...rest }) => log("error", message, rest);

export function setMonitor(monitor: Monitor | null): void {
  if (monitor) monitorSlot.set(monitor);
  else monitorSlot.clear();
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
    (monitorSlot.get() ?? logMonitor)(report);
  } catch {
    logMonitor(report);
  }
}
