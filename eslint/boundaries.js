// The page layer's import boundaries as ESLint rules (docs/architecture.md, decision 027). Each rule
// resolves a relative import against the importing file, so the check is on where the code lives,
// not on how the import is spelled.
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** The file an import names, relative to the repository ("app/server/db/x.server.ts"), or null for packages. */
function target(filename, source) {
  if (source.startsWith("~/")) return path.posix.join("app", source.slice(2));
  if (!source.startsWith(".")) return null;
  return path
    .relative(root, path.resolve(path.dirname(filename), source))
    .split(path.sep)
    .join("/");
}

function relativeFile(context) {
  return path.relative(root, context.filename).split(path.sep).join("/");
}

/** Server code: anything under app/server and any *.server module. */
export function isServerModule(file) {
  return file.startsWith("app/server/") || /\.server(\.[cm]?[jt]sx?)?$/.test(file);
}

/** Code that runs in the browser: shared components, a page's own components, the pure rules and *.client modules. */
export function isClientModule(file) {
  if (/\.test\.[cm]?[jt]sx?$/.test(file)) return false;
  return (
    file.startsWith("app/components/") || /^app\/routes\/[^/]+\/components\//.test(file) || file.startsWith("app/lib/") || /\.client\.[cm]?[jt]sx?$/.test(file)
  );
}

/** The page folder a file belongs to ("results" for app/routes/results/loader.server.ts), or null. */
export function pageFolder(file) {
  const m = /^app\/routes\/([^/]+)\//.exec(file);
  // React Router's generated route types (./+types/...) sit beside each route module.
  return m && !m[1].startsWith("+") ? m[1] : null;
}

function eachImport(context, check) {
  const visit = (node) => {
    if (node.source && typeof node.source.value === "string") check(node, node.source.value);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: (node) => {
      if (node.source.type === "Literal" && typeof node.source.value === "string") check(node, node.source.value);
    },
  };
}

const noServerInClient = {
  meta: {
    type: "problem",
    docs: { description: "Components and browser code must not import server code (app/server/**, *.server.ts)." },
    messages: { server: "'{{source}}' is server code; {{where}} must not import it (docs/architecture.md)." },
    schema: [],
  },
  create(context) {
    const file = relativeFile(context);
    if (!isClientModule(file)) return {};
    const where = file.startsWith("app/components/") ? "a component" : "code that runs in the browser";
    return eachImport(context, (node, source) => {
      const t = target(context.filename, source);
      if (t && isServerModule(t)) context.report({ node, messageId: "server", data: { source, where } });
    });
  },
};

const noCrossPage = {
  meta: {
    type: "problem",
    docs: { description: "A page folder under app/routes imports nothing from another page's folder." },
    messages: {
      page: "'{{source}}' belongs to the page folder '{{other}}'; a page imports no other page (move what both need to app/components, app/lib or app/server).",
    },
    schema: [],
  },
  create(context) {
    const file = relativeFile(context);
    if (!file.startsWith("app/routes/")) return {};
    const own = pageFolder(file);
    return eachImport(context, (node, source) => {
      const t = target(context.filename, source);
      if (!t) return;
      const other = pageFolder(t);
      if (other && other !== own) context.report({ node, messageId: "page", data: { source, other } });
    });
  },
};

export default {
  meta: { name: "forecourt-boundaries" },
  rules: { "no-server-in-client": noServerInClient, "no-cross-page": noCrossPage },
};
