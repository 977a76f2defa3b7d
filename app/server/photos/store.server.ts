// Where processed photo variants live (docs/photos.md), behind one interface. The default is a
// directory under data/; several app instances share one directory set by PHOTO_STORE_DIR.
// Keys are content-addressed ("<first 128 bits of the sha256>-<width>.<format>"), so a key's bytes never change: writes
// go to a temporary file renamed into place (a reader never sees half a file) and a key that
// exists is not written again.
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { getEnv } from "../env.server.ts";

export interface PhotoStore {
  readonly description: string;
  has(key: string): Promise<boolean>;
  put(key: string, data: Uint8Array): Promise<void>;
  /** The bytes, or null when the key is not stored. */
  get(key: string): Promise<Buffer | null>;
}

const KEY_RE = /^[0-9a-f]{32}-\d+\.[a-z]+$/;

export function directoryPhotoStore(dir: string): PhotoStore {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    if (!KEY_RE.test(key)) throw new Error(`bad photo key ${JSON.stringify(key)}`);
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    description: `directory ${root}`,
    async has(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, file);
    },
    async get(key) {
      if (!KEY_RE.test(key)) return null;
      try {
        return await readFile(fileOf(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw e;
      }
    },
  };
}

let cached: PhotoStore | undefined;

/** The configured store (PHOTO_STORE_DIR, default data/photos). */
export function getPhotoStore(): PhotoStore {
  cached ??= directoryPhotoStore(getEnv().PHOTO_STORE_DIR);
  return cached;
}
