// Dealer- and seller-supplied HTML (feed descriptions) and links (dealer website, logo), made safe
// to put on a page. One allow-list for the whole app (docs/resilience-and-security.md):
// p, br, ul, ol, li, strong, em, b, i, with no attributes at all. Everything else is dropped:
// unknown tags lose their markup but keep their text; script, style, svg and the like lose their
// content too; comments and doctypes vanish. Text is decoded and escaped again, so the output
// holds only the tags written here and escaped text: nothing in it can run or load anything.

export const DEALER_HTML_TAGS = ["p", "br", "ul", "ol", "li", "strong", "em", "b", "i"] as const;
/** Longest input read; a feed description is a few paragraphs. */
export const DEALER_HTML_MAX_INPUT = 20_000;

const INLINE = new Set(["strong", "em", "b", "i"]);
const LISTS = new Set(["ul", "ol"]);
const ALLOWED = new Set<string>(DEALER_HTML_TAGS);
const MAX_DEPTH = 16;
/** Elements whose content is never text a shopper should see: dropped with the element. */
const DROP_WITH_CONTENT = new Set([
  "script", "style", "template", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript",
  "plaintext", "object", "embed", "applet", "svg", "math", "select", "option", "head", "frameset",
]);

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", copy: "©", reg: "®", trade: "™",
  hellip: "…", mdash: "—", ndash: "–", lsquo: "‘", rsquo: "’", ldquo: "“", rdquo: "”", bull: "•",
  middot: "·", deg: "°", frac12: "½", frac14: "¼", frac34: "¾", times: "×", euro: "€", pound: "£",
  cent: "¢", sect: "§", para: "¶", eacute: "é", egrave: "è", aacute: "á", iacute: "í", oacute: "ó",
  uacute: "ú", ntilde: "ñ", uuml: "ü", ouml: "ö", auml: "ä", ccedil: "ç",
};

type Token = { type: "text"; text: string } | { type: "open" | "close"; name: string };

function isAsciiLetter(c: string | undefined): boolean {
  return c !== undefined && ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z"));
}

function decodeEntities(s: string): string {
  return s.replace(/&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,8})|([a-zA-Z][a-zA-Z0-9]{1,31}));?/g, (whole, dec?: string, hex?: string, name?: string) => {
    if (name !== undefined) {
      const v = NAMED_ENTITIES[name];
      // Only the full form "&name;" of an unknown entity stays as typed (and is escaped later).
      return v ?? whole;
    }
    const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex!, 16);
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
    return String.fromCodePoint(code);
  });
}

function escapeText(s: string): string {
  return s.replace(/[&<>"']/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === '"' ? "&quot;" : "&#39;"));
}

/** Control characters other than tab and line breaks (and lone surrogates) are not text. */
function cleanText(s: string): string {
  return s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, "").replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}

/**
 * The position just after the ">" that ends a tag whose name ends at `from`, following the HTML
 * tokenizer's attribute states (a ">" inside a quoted value does not end the tag); -1 when the
 * input ends first (a browser drops such a tag).
 */
function tagEnd(s: string, from: number): number {
  let state: "between" | "name" | "afterName" | "beforeValue" | "dq" | "sq" | "unquoted" = "between";
  for (let i = from; i < s.length; i++) {
    const c = s[i]!;
    switch (state) {
      case "dq":
        if (c === '"') state = "between";
        continue;
      case "sq":
        if (c === "'") state = "between";
        continue;
      case "beforeValue":
        if (c === '"') state = "dq";
        else if (c === "'") state = "sq";
        else if (c === ">") return i + 1;
        else if (!/\s/.test(c)) state = "unquoted";
        continue;
      case "unquoted":
        if (c === ">") return i + 1;
        if (/\s/.test(c)) state = "between";
        continue;
      case "name":
        if (c === ">") return i + 1;
        if (c === "=") state = "beforeValue";
        else if (/\s/.test(c) || c === "/") state = "afterName";
        continue;
      case "afterName":
        if (c === ">") return i + 1;
        if (c === "=") state = "beforeValue";
        else if (!/\s/.test(c) && c !== "/") state = "name";
        continue;
      default:
        if (c === ">") return i + 1;
        if (!/\s/.test(c) && c !== "/") state = "name";
    }
  }
  return -1;
}

function tokenize(input: string): Token[] {
  const out: Token[] = [];
  const s = input;
  let i = 0;
  let text = "";
  const flush = () => {
    if (text) out.push({ type: "text", text: decodeEntities(text) });
    text = "";
  };
  while (i < s.length) {
    const lt = s.indexOf("<", i);
    if (lt === -1) {
      text += s.slice(i);
      break;
    }
    text += s.slice(i, lt);
    const next = s[lt + 1];
    if (s.startsWith("<!--", lt)) {
      const end = s.indexOf("-->", lt + 4);
      i = end === -1 ? s.length : end + 3;
      continue;
    }
    if (next === "!" || next === "?" || (next === "/" && s[lt + 2] !== undefined && !isAsciiLetter(s[lt + 2]) && s[lt + 2] !== ">")) {
      // Doctypes, processing instructions and "</ 3" style bogus comments: up to the next ">".
      const end = s.indexOf(">", lt + 2);
      i = end === -1 ? s.length : end + 1;
      continue;
    }
    const closing = next === "/";
    const nameStart = closing ? lt + 2 : lt + 1;
    if (!isAsciiLetter(s[nameStart])) {
      // "a < b", "</>" : a "<" that opens no tag is text.
      if (closing && s[lt + 2] === ">") {
        i = lt + 3;
        continue;
      }
      text += "<";
      i = lt + 1;
      continue;
    }
    let nameEnd = nameStart;
    while (nameEnd < s.length && !/[\s/>]/.test(s[nameEnd]!)) nameEnd++;
    const name = s.slice(nameStart, nameEnd).toLowerCase();
    const end = tagEnd(s, nameEnd);
    if (end === -1) break; // an unfinished tag at the end: dropped, like a browser does
    flush();
    if (!closing && DROP_WITH_CONTENT.has(name)) {
      // Skip to the matching end tag ("</script" followed by a space, "/" or ">"), or the end.
      const re = new RegExp(`</${name}(?=[\\s/>])`, "gi");
      re.lastIndex = end;
      const m = re.exec(s);
      if (!m) {
        i = s.length;
        break;
      }
      const close = tagEnd(s, m.index + 2 + name.length);
      i = close === -1 ? s.length : close;
      continue;
    }
    if (ALLOWED.has(name)) out.push({ type: closing ? "close" : "open", name });
    i = end;
  }
  flush();
  return out;
}

/**
 * Dealer HTML reduced to the allow-list, well formed (every tag closed, li only inside a list, no
 * list or paragraph inside a paragraph). Plain text without any block tags keeps its line breaks
 * as <br>. "" when nothing readable is left.
 */
export function sanitizeDealerHtml(raw: string | null | undefined): string {
  if (!raw) return "";
  const tokens = tokenize(cleanText(raw.slice(0, DEALER_HTML_MAX_INPUT)));
  const hasBlocks = tokens.some((t) => t.type !== "text" && !INLINE.has(t.name));
  const stack: string[] = [];
  let html = "";
  let readable = false;
  const pop = () => {
    html += `</${stack.pop()}>`;
  };
  for (const t of tokens) {
    if (t.type === "text") {
      let text = escapeText(t.text);
      if (!hasBlocks) text = text.replace(/\r\n?/g, "\n").replace(/\n{3,}/g, "\n\n").replace(/\n/g, "<br>");
      if (/\S/.test(t.text)) readable = true;
      html += text;
      continue;
    }
    const name = t.name;
    if (name === "br") {
      if (t.type === "open") html += "<br>";
      continue;
    }
    if (t.type === "close") {
      const at = stack.lastIndexOf(name);
      if (at === -1) continue;
      while (stack.length > at) pop();
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
