// The import rules of eslint.config.js fail on a violation (decision 027): each fixture below is
// linted as if it lived at the given path, and the error it must raise is asserted; a fixture that
// keeps to the rules raises none.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function errors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe("the page layer's import rules", () => {
  it("a component importing server code fails", async () => {
    const found = await errors(
      "app/components/search/lint-fixture.tsx",
      `import { getDatabase } from "../../server/db/connection.server";\nexport const x = getDatabase;\n`,
    );
    expect(found).toEqual([expect.stringMatching(/^forecourt\/no-server-in-client: '..\/..\/server\/db\/connection.server' is server code; a component/)]);
  });

  it("a component importing a *.server module outside app/server fails, type imports included", async () => {
    const found = await errors("app/components/lint-fixture.tsx", `import type { X } from "../routes/results/loader.server";\nexport type Y = X;\n`);
    expect(found).toEqual([expect.stringMatching(/^forecourt\/no-server-in-client: /)]);
  });

  it("a page's own component importing its loader's module fails; its generated route types pass", async () => {
    const found = await errors("app/routes/dev-mail/components/lint-fixture.tsx", `import type { X } from "../loader.server";\nexport type Y = X;\n`);
    expect(found).toEqual([expect.stringContaining("'../loader.server' is server code")]);
    expect(
      await errors(
        "app/routes/dev-mail/components/lint-fixture.tsx",
        `import type { Route } from "../+types/route";\nexport type Y = Route.ComponentProps["loaderData"];\n`,
      ),
    ).toEqual([]);
  });

  it("browser code in app/lib importing server code fails", async () => {
    const found = await errors("app/lib/lint-fixture.ts", `export { getEnv } from "../server/env.server.ts";\n`);
    expect(found).toEqual([expect.stringMatching(/^forecourt\/no-server-in-client: .*code that runs in the browser/)]);
  });

  it("a page folder importing another page's folder fails", async () => {
    const found = await errors("app/routes/vehicle/lint-fixture.tsx", `import { loader } from "../results/loader.server";\nexport const x = loader;\n`);
    expect(found).toEqual([expect.stringMatching(/^forecourt\/no-cross-page: '..\/results\/loader.server' belongs to the page folder 'results'/)]);
  });

  it("process.env outside the env module fails", async () => {
    const found = await errors("app/server/search/lint-fixture.server.ts", `export const port = process.env.PORT;\n`);
    expect(found).toEqual([expect.stringMatching(/^no-restricted-properties: .*process.env.*env.server.ts/)]);
  });

  it("code that keeps to the rules passes", async () => {
    expect(await errors("app/server/env.server.ts", `export const port = process.env.PORT;\n`)).toEqual([]);
    expect(
      await errors("app/routes/results/lint-fixture.tsx", `import { x } from "./view";\nimport { y } from "../../components/z";\nexport const w = [x, y];\n`),
    ).toEqual([]);
    expect(await errors("app/components/lint-fixture.tsx", `import { PATHS } from "../lib/routes";\nexport const p = PATHS;\n`)).toEqual([]);
  });
});
