import { afterEach, describe, expect, it } from "vitest";
import { resetFlagsCache } from "../flags.server.ts";
import { compareCookie, handleCompareAction, readCompareIds } from "./compare.server.ts";

async function post(fields: Record<string, string>, ids?: unknown): Promise<Response> {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (ids !== undefined) headers.set("Cookie", await compareCookie.serialize(ids));
  const request = new Request("http://localhost/compare", { method: "POST", headers, body: new URLSearchParams(fields) });
  try {
    return (await handleCompareAction(request, "/compare")) as Response;
  } catch (thrown) {
    return thrown as Response;
  }
}

async function cookieIds(res: Response): Promise<number[]> {
  const set = res.headers.get("Set-Cookie") ?? "";
  return readCompareIds(new Request("http://localhost/", { headers: { Cookie: set.split(";")[0] } }));
}

function body(res: Response): unknown {
  // React Router's `data()` is not a Response; its payload sits on `.data`.
  return (res as unknown as { data: unknown }).data;
}

afterEach(() => {
  delete process.env.FLAG_COMPARE;
  resetFlagsCache();
});

describe("the compare action", () => {
  it("adds with a form post and goes back to the card", async () => {
    const res = await post({ intent: "add", id: "7", returnTo: "/cars-for-sale?x=1" }, [3]);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/cars-for-sale?x=1");
    expect(await cookieIds(res)).toEqual([3, 7]);
  });
  it("ignores a second add and opens the drawer; refuses a sixth", async () => {
    const again = await post({ intent: "add", id: "3", returnTo: "/cars-for-sale" }, [3]);
    expect(again.headers.get("Location")).toBe("/cars-for-sale#compare-drawer-items");
    const sixth = await post({ id: "6", via: "fetch" }, [1, 2, 3, 4, 5]);
    expect(body(sixth)).toMatchObject({ ok: false, outcome: "full", openDrawer: true, ids: [1, 2, 3, 4, 5] });
  });
  it("removes and clears", async () => {
    expect(body(await post({ intent: "remove", id: "2", via: "fetch" }, [1, 2, 3]))).toMatchObject({ ids: [1, 3], outcome: "removed" });
    expect(body(await post({ intent: "clear", via: "fetch" }, [1, 2, 3]))).toMatchObject({ ids: [], outcome: "cleared" });
  });
  it("treats garbage as nothing: a bad id writes nothing, a tampered cookie is an empty list, a foreign returnTo is ignored", async () => {
    expect(body(await post({ intent: "add", id: "abc", via: "fetch" }, [1]))).toMatchObject({ ok: false, outcome: "invalid", ids: [1] });
    expect(body(await post({ intent: "add", id: "9", via: "fetch" }, ["x", -1]))).toMatchObject({ ids: [9] });
    const res = await post({ intent: "remove", id: "1", returnTo: "https://evil.example/" }, [1]);
    expect(res.headers.get("Location")).toBe("/compare");
  });
  it("is off with the compare flag", async () => {
    process.env.FLAG_COMPARE = "false";
    resetFlagsCache();
    const res = await post({ intent: "add", id: "7" }, []);
    expect((res as unknown as { init: { status: number } }).init?.status ?? res.status).toBe(404);
  });
});
