// VAPID keys for web push (RFC 8292, decision 023): from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY in
// production; elsewhere generated once into VAPID_KEYS_FILE (data/vapid.json) and kept, so the
// subscriptions browsers made stay valid across restarts. Without keys in production, push is off.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import webpush from "web-push";
import { getEnv } from "../env.server.ts";
import { log } from "../observability/log.server.ts";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

let cached: VapidKeys | null | undefined;

const KEY = /^[A-Za-z0-9_-]{40,100}$/;

export function vapidKeys(): VapidKeys | null {
  if (cached !== undefined) return cached;
  const env = getEnv();
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    cached = { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT };
    return cached;
  }
  if (env.NODE_ENV === "production") {
    log("warn", "web push is off: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set");
    cached = null;
    return cached;
  }
  const file = env.VAPID_KEYS_FILE;
  try {
    if (existsSync(file)) {
      const k = JSON.parse(readFileSync(file, "utf8")) as { publicKey?: unknown; privateKey?: unknown };
      if (typeof k.publicKey === "string" && typeof k.privateKey === "string" && KEY.test(k.publicKey) && KEY.test(k.privateKey)) {
        cached = { publicKey: k.publicKey, privateKey: k.privateKey, subject: env.VAPID_SUBJECT };
        return cached;
      }
    }
    const k = webpush.generateVAPIDKeys();
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(k, null, 2) + "\n", { mode: 0o600 });
    chmodSync(file, 0o600);
    log("info", "generated VAPID keys for web push", { file });
    cached = { ...k, subject: env.VAPID_SUBJECT };
    return cached;
  } catch (error) {
    log("warn", "web push is off: no VAPID keys", { error: String(error) });
    cached = null;
    return cached;
  }
}

/** Tests: forget the keys read. */
export function resetVapidKeys(): void {
  cached = undefined;
}
