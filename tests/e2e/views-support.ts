// Other shoppers looking at a car (ADR 036: a view counts once per viewer, listing and day, so a
// journey's own reloads count once): each is its own network address, without cookies, with a
// desktop browser's user agent (bots are not counted).
import type { PlaywrightWorkerArgs } from "@playwright/test";

const CHROME_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

export async function viewedByOthers(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string, path: string, others: number): Promise<void> {
  const net = `10.${100 + Math.floor(Math.random() * 100)}.${Math.floor(Math.random() * 250)}`;
  for (let i = 1; i <= others; i++) {
    const client = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": `${net}.${i}`, "User-Agent": CHROME_UA } });
    const res = await client.get(path);
    if (res.status() !== 200) throw new Error(`${path}: ${res.status()}`);
    await client.dispose();
  }
}
