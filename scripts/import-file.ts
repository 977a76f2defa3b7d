// What `npm run feed` and `npm run import:safety` share: the FILE argument, its format by extension
// (.csv or .json) and its text, stopping with exit code 1 and a message when any of them is missing.
import { readFile } from "node:fs/promises";
import { extname } from "node:path";

export type ImportFormat = "csv" | "json";

/** The first argument that is not an option, read as text; `usage` is said when there is none. */
export async function readImportFile(usage: string, what = ""): Promise<{ file: string; format: ImportFormat; text: string }> {
  const file = process.argv.slice(2).find((a) => !a.startsWith("-"));
  if (!file) {
    console.error(usage);
    process.exit(1);
  }
  const ext = extname(file).toLowerCase();
  const format = ext === ".csv" ? "csv" : ext === ".json" ? "json" : null;
  if (!format) {
    console.error(`Cannot tell the ${what}format of ${file}: use a .csv or .json file`);
    process.exit(1);
  }
  try {
    return { file, format, text: await readFile(file, "utf8") };
  } catch (e) {
    console.error(`Cannot read ${file}: ${(e as Error).message}`);
    process.exit(1);
  }
}
