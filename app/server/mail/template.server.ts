// Every mail's HTML part, made with React Email (ADR 029) from the mail's plain text, which stays
// the text part word for word: paragraphs split at blank lines, "- " lines as a list, addresses as
// links, the one-click unsubscribe link at the foot when the mail has one. Written with
// createElement, not JSX: scripts load server modules straight into Node, which strips types only.
import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Text, render } from "@react-email/components";
import { createElement as h, Fragment, type CSSProperties, type ReactNode } from "react";
import { SITE_NAME } from "../../lib/seo.ts";

type Block = { kind: "p"; lines: string[] } | { kind: "list"; items: string[] };

const URL_PATTERN = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)])/g;

function blocksOf(text: string): Block[] {
  const out: Block[] = [];
  for (const part of text.replace(/\r\n?/g, "\n").split(/\n{2,}/)) {
    const lines = part.split("\n").filter((l) => l.trim() !== "");
    if (lines.length === 0) continue;
    if (lines.every((l) => l.startsWith("- "))) out.push({ kind: "list", items: lines.map((l) => l.slice(2)) });
    else out.push({ kind: "p", lines });
  }
  return out;
}

const body: CSSProperties = { backgroundColor: "#f6f7f9", fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", margin: 0 };
const container: CSSProperties = { backgroundColor: "#ffffff", margin: "24px auto", maxWidth: "560px", padding: "24px 28px", borderRadius: "12px" };
const brand: CSSProperties = { color: "#1d4ed8", fontSize: "20px", fontWeight: 700, margin: "0 0 16px" };
const paragraph: CSSProperties = { color: "#0f172a", fontSize: "15px", lineHeight: "22px", margin: "0 0 14px" };
const link: CSSProperties = { color: "#1d4ed8", wordBreak: "break-all" };
const foot: CSSProperties = { color: "#64748b", fontSize: "12px", lineHeight: "18px", margin: 0 };

/** A line of text with its addresses as links. */
function linked(text: string): ReactNode[] {
  return text.split(URL_PATTERN).map((part, i) => (i % 2 === 1 ? h(Link, { key: i, href: part, style: link }, part) : part));
}

export function MailDocument({ subject, text, unsubscribe }: { subject: string; text: string; unsubscribe?: string | null }) {
  const blocks = blocksOf(text).map((b, i) =>
    b.kind === "list"
      ? h(
          "ul",
          { key: i, style: { ...paragraph, paddingLeft: "20px" } },
          b.items.map((item, j) => h("li", { key: j }, ...linked(item))),
        )
      : h(
          Text,
          { key: i, style: paragraph },
          b.lines.map((line, j) => h(Fragment, { key: j }, j > 0 ? h("br") : null, ...linked(line))),
        ),
  );
  return h(
    Html,
    { lang: "en" },
    h(Head),
    h(Preview, null, subject),
    h(
      Body,
      { style: body },
      h(
        Container,
        { style: container },
        h(Heading, { as: "h1", style: brand }, SITE_NAME),
        ...blocks,
        unsubscribe ? h(Fragment, null, h(Hr), h(Text, { style: foot }, h(Link, { href: unsubscribe, style: link }, "Unsubscribe"))) : null,
      ),
    ),
  );
}

/** The HTML part of a mail whose text part is `text`. */
export function mailHtml(mail: { subject: string; text: string; listUnsubscribe?: string | null }): Promise<string> {
  return render(h(MailDocument, { subject: mail.subject, text: mail.text, unsubscribe: mail.listUnsubscribe }));
}
