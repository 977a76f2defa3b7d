// Document-only markup (docs/decisions/032-render-path-at-1m.md, "Choices kept as served"): what
// the server renders into a document's HTML but does not send again as loader data, because the
// browser never has to render it from data. A loader sets the values aside for this document
// (app/server/http/document-only.server.ts); app/entry.server.tsx hands them to the render through
// DocumentOnlyContext. In the browser there are none: the element the server wrote is kept as it
// is (React does not hydrate inside an element that sets its inner HTML, and a constant value is
// never written again) and works as plain HTML (form fields submit with their form), until a
// render with data (a client navigation's) replaces it.
import { createContext, useContext, type MouseEvent } from "react";
import { useNavigate } from "react-router";

export const DocumentOnlyContext = createContext<ReadonlyMap<string, unknown>>(new Map());

/** The value set aside under `key` for this document (the server's render only; undefined in the browser). */
export function useDocumentOnly<T>(key: string): T | undefined {
  return useContext(DocumentOnlyContext).get(key) as T | undefined;
}

const KEEP = { __html: "" };

/** Props of an element whose children the browser keeps as the server wrote them. */
export const KEPT_AS_SERVED = { suppressHydrationWarning: true, dangerouslySetInnerHTML: KEEP } as const;

/**
 * A click handler for an element kept as served whose links were <Link>s when rendered from data:
 * a plain left click on one of its links is a client navigation, as the <Link> would make it.
 * Only this site's own paths: anything else (`//host`, another scheme) is left to the browser.
 * `replace`: as the <Link>s' own `replace`.
 */
export function useServedLinks(replace = false): (e: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (e) => {
    const a = e.target instanceof Element ? e.target.closest("a") : null;
    const href = a?.getAttribute("href");
    if (!href || href[0] !== "/" || href[1] === "/" || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void navigate(href, { replace });
  };
}
