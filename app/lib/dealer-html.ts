// Dealer- and seller-supplied HTML (feed descriptions) and links (dealer website, logo), made safe
// to put on a page. One allow-list for the whole app (docs/resilience-and-security.md):
// p, br, ul, ol, li, strong, em, b, i, with no attributes at all. Everything else is dropped:
// unknown tags lose their markup but keep their text; script, style, svg and the like lose their
// content too; comments and doctypes vanish. Parsing and the allow-list are sanitize-html's
// (ADR 029); what is left is made well formed here. The output holds only the tags written here
// and escaped text: nothing in it can run or load anything.
import sanitizeHtml from "sanitize-html";

export const DEALER_HTML_TAGS = ["p", "br", "ul", "ol", "li", "strong", "em", "b", "i"] as const;
/** Longest input read; a feed description is a few paragraphs. */
export const DEALER_HTML_MAX_INPUT = 20_000;

const INLINE = new Set(["strong", "em", "b", "i"]);
const LISTS = new Set(["ul", "ol"]);
const MAX_DEPTH = 16;
/** Elements whose content is never text a shopper should see: dropped with the element. */
const DROP_WITH_CONTENT = [
  "script",
  "style",
  "template",
  "textarea",
  "title",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
  "noscript",
  "plaintext",
  "object",
  "embed",
  "applet",
  "svg",
  "math",
  "select",
  "option",
  "head",
  "frameset",
];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...DEALER_HTML_TAGS],
  allowedAttributes: {},
  nonTextTags: DROP_WITH_CONTENT,
  disallowedTagsMode: "discard",
  // An allowed element with nothing readable in it is left out ("</p>" alone opens no paragraph).
  exclusiveFilter: (frame) => frame.tag !== "br" && frame.text.trim() === "",
};

/** Control characters other than tab and line breaks (and lone surrogates) are not text. */
function cleanText(s: string): string {
  return s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, "")
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}

/** sanitize-html's output: bare allow-listed tags (br as "<br />") and text with &, < and > escaped. */
const TAG = /<(\/?)(p|br|ul|ol|li|strong|em|b|i)\s*\/?>/g;

/**
 * Dealer HTML reduced to the allow-list, well formed (every tag closed, li only inside a list, no
 * list or paragraph inside a paragraph). Plain text without any block tags keeps its line breaks
 * as <br>. "" when nothing readable is left.
 */
export function sanitizeDealerHtml(raw: string | null | undefined): string {
  if (!raw) return "";
  const clean = sanitizeHtml(cleanText(raw.slice(0, DEALER_HTML_MAX_INPUT)), SANITIZE);
  const hasBlocks = /<\/?(p|br|ul|ol|li)[\s/>]/.test(clean);
  const stack: string[] = [];
  let html = "";
  let readable = false;
  const pop = () => {
    html += `</${stack.pop()}>`;
  };
  const text = (t: string) => {
    if (!t) return;
    // Quotes escaped too: the text can never close an attribute wherever it is put.
    let out = t.replace(/"/g, "&quot;").replace(/'/g, "&#39;");
    if (!hasBlocks)
      out = out
        .replace(/\r\n?/g, "\n")
        .replace(/\n{3,}/g, "\n\n")
        .replace(/\n/g, "<br>");
    if (/\S/.test(t)) readable = true;
    html += out;
  };
  let at = 0;
  for (const m of clean.matchAll(TAG)) {
    text(clean.slice(at, m.index));
    at = m.index + m[0].length;
    const closing = m[1] === "/";
    const name = m[2]!;
    if (name === "br") {
      if (!closing) html += "<br>";
      continue;
    }
    if (closing) {
      const open = stack.lastIndexOf(name);
      if (open === -1) continue;
      while (stack.length > open) pop();
      continue;
    }
    if (stack.length >= MAX_DEPTH) continue;
    if (name === "li") {
      let list = -1;
      for (let k = stack.length - 1; k >= 0; k--) {
        if (LISTS.has(stack[k]!)) {
          list = k;
          break;
        }
      }
      if (list === -1) continue; // a stray li: its text stays, the tag does not
      while (stack.length > list + 1) pop();
    } else if (!INLINE.has(name)) {
      // p, ul, ol: never inside an inline element or a paragraph.
      while (stack.length > 0 && (INLINE.has(stack[stack.length - 1]!) || stack[stack.length - 1] === "p")) pop();
    }
    stack.push(name);
    html += `<${name}>`;
  }
  text(clean.slice(at));
  while (stack.length > 0) pop();
  return readable ? html.trim() : "";
}

/**
 * A dealer's website or logo address: an absolute http(s) URL without credentials (a bare
 * "www.example.com" gets https://), else null. Never javascript:, data: or a relative path.
 */
export function safeExternalUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let s = raw.trim();
  if (!s || s.length > 2000 || /[\u0000-\u0020\u007f-\u009f\\]/.test(s)) return null;
  if (!/^https?:\/\//i.test(s)) {
    if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}(?:[/?#]|$)/i.test(s)) return null;
    s = `https://${s}`;
  }
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    return null;
  }
  if ((u.protocol !== "http:" && u.protocol !== "https:") || u.username || u.password || !u.hostname.includes(".")) return null;
  return u.href;
}
