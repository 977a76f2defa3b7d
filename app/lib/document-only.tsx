// Document-only data (docs/decisions/032-render-path-at-1m.md): what the server renders into a
// page's HTML but does not send again as loader data, because the browser never re-renders it
// from data. On the server app/entry.server.tsx provides the values a loader set aside for this
// document; in the browser there are none, and <KeptServerHtml> keeps the element the server
// wrote as it is (React does not hydrate inside an element that sets its inner HTML, and a
// constant value is never written again).
import { createContext, useContext, type ReactNode } from "react";

export const DocumentOnlyContext = createContext<ReadonlyMap<string, unknown>>(new Map());

/** The value set aside under `key` for this document (server render only; undefined in the browser). */
export function useDocumentOnly<T>(key: string): T | undefined {
  return useContext(DocumentOnlyContext).get(key) as T | undefined;
}

const KEEP = { __html: "" };

/**
 * A wrapper (display: contents) around markup only the server renders: `children` there; in the
 * browser the server's markup is kept untouched, working as plain HTML (form fields submit with
 * their form), until a render with data replaces the wrapper.
 */
export function KeptServerHtml({ children }: { children?: ReactNode }) {
  return children === undefined ? (
    <div className="contents" suppressHydrationWarning dangerouslySetInnerHTML={KEEP} />
  ) : (
    <div className="contents">{children}</div>
  );
}
