import { describe, expect, it } from "vitest";
import { DEALER_HTML_TAGS, safeExternalUrl, sanitizeDealerHtml } from "./dealer-html.ts";

/** Every tag left in the output, lower-cased, with whatever follows its name up to ">". */
function tagsOf(html: string): string[] {
  return [...html.matchAll(/<\/?([a-zA-Z][^\s/>]*)([^>]*)>/g)].map((m) => `${m[1]!.toLowerCase()}${m[2]}`);
}

/** What the output may contain, whatever the input: allow-listed bare tags and escaped text. */
function expectHarmless(html: string) {
  for (const tag of tagsOf(html)) expect(DEALER_HTML_TAGS as readonly string[]).toContain(tag);
  // No "<" that is not one of those tags, no attribute, no quote outside an entity.
  expect(html.replace(/<\/?(p|br|ul|ol|li|strong|em|b|i)>/g, "")).not.toMatch(/[<>"']/);
  expect(html.toLowerCase()).not.toMatch(/<[^>]*(on\w+|href|src|style)\s*=/);
}

describe("sanitizeDealerHtml: the allow-list", () => {
  it("keeps p, br, ul, ol, li, strong, em, b and i without their attributes", () => {
    expect(sanitizeDealerHtml('<p class="x" style="color:red">One <strong id=a>owner</strong>, <em>clean</em> <b>title</b> <i>!</i><br/>Call us</p>')).toBe(
      "<p>One <strong>owner</strong>, <em>clean</em> <b>title</b> <i>!</i><br>Call us</p>",
    );
    expect(sanitizeDealerHtml("<UL><LI>Sunroof<LI>Heated seats</UL><ol><li>a</li></ol>")).toBe(
      "<ul><li>Sunroof</li><li>Heated seats</li></ul><ol><li>a</li></ol>",
    );
  });

  it("drops other tags but keeps their text", () => {
    expect(sanitizeDealerHtml('<div><span>Great</span> <a href="https://x.example">deal</a> <font color=red>today</font></div>')).toBe("Great deal today");
    expect(sanitizeDealerHtml("<h1>Big</h1><table><tr><td>cell</td></tr></table>")).toBe("Bigcell");
  });

  it("turns the line breaks of plain text into <br> and escapes it", () => {
    expect(sanitizeDealerHtml("One owner.\nNo accidents.\r\n\r\n\r\n\r\nPrice firm & fair: 5 < 6")).toBe(
      "One owner.<br>No accidents.<br><br>Price firm &amp; fair: 5 &lt; 6",
    );
    // With block tags, the markup decides the layout.
    expect(sanitizeDealerHtml("<p>a</p>\n<p>b</p>")).toBe("<p>a</p>\n<p>b</p>");
  });

  it("returns an empty string when nothing readable is left", () => {
    for (const empty of [null, undefined, "", "   ", "<p></p>", "<script>alert(1)</script>", "<!-- x -->", "<br><br>", "<img src=x>"]) {
      expect(sanitizeDealerHtml(empty)).toBe("");
    }
  });
});

describe("sanitizeDealerHtml: hostile payloads", () => {
  const payloads = [
    "<script>alert(1)</script>",
    "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
    "<script>document.write('<p>x</p>')</script>after",
    "<script/x>alert(1)</script >",
    "<img src=x onerror=alert(1)>",
    '<img src="x" onerror="alert(\'1\')">',
    "<p onclick=alert(1) onmouseover='alert(2)'>hi</p>",
    "<svg onload=alert(1)>",
    "<svg/onload=alert(1)>",
    "<svg><script>alert(1)</script><foreignObject><p>x</p></foreignObject></svg>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    '<a href="javascript:alert(1)">click</a>',
    '<a href="jav&#x09;ascript:alert(1)">click</a>',
    "<a href=javascript&colon;alert(1)>x</a>",
    "<iframe src=javascript:alert(1)></iframe>",
    "<object data=javascript:alert(1)>",
    "<embed src=x.swf>",
    "<style>body{background:url(javascript:alert(1))}</style>",
    '<p style="background:url(javascript:alert(1))">x</p>',
    "<<script>alert(1)//<</script>",
    "<scr<script>ipt>alert(1)</scr</script>ipt>",
    "<b <script>alert(1)</script>>bold</b>",
    '<p title="a>b" onclick="x">quoted</p>',
    "<p title='a>b' onmouseover='x'>quoted</p>",
    "<p/onclick=alert(1)>x",
    "<p\tonclick=alert(1)>x</p>",
    "<img src=`x` onerror=alert(1)>",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "&#60;script&#62;alert(1)&#60;/script&#62;",
    "&#x3C;img src=x onerror=alert(1)&#x3E;",
    "&amp;lt;script&amp;gt;",
    "<!--<script>alert(1)</script>-->",
    "<!--[if IE]><script>alert(1)</script><![endif]-->",
    "<!DOCTYPE html><html><head><title>x</title></head><body onload=alert(1)>text</body></html>",
    '<?xml version="1.0"?><x>y</x>',
    '<meta http-equiv=refresh content="0;url=javascript:alert(1)">',
    "<base href=//evil.example/>",
    "<form action=//evil.example><input name=x><button>go</button></form>",
    "<textarea><script>alert(1)</script></textarea>",
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    "<template><script>alert(1)</script></template>",
    "<plaintext><script>alert(1)</script>",
    "<p>unclosed <b>bold <i>italic",
    "</p></b></li></ul>stray closers",
    "<li>stray item</li>",
    "<p><ul><li>list in p</li></ul></p>",
    "<b><p>block in inline</p></b>",
    "<ul><li><ul><li>nested</li></ul></li></ul>",
    "<".repeat(50) + "p>",
    "<p".repeat(100),
    "<b>".repeat(200) + "deep" + "</b>".repeat(200),
    "<img src=x onerror=alert(1)",
    "<a href='x",
    "\u0000<scr\u0000ipt>alert(1)</script>",
    "<p>\ud800 lone surrogate</p>",
    "<IMG SRC=JaVaScRiPt:alert('XSS')>",
    '<div style="x:expression(alert(1))">x</div>',
    "<x onclick=alert(1)>custom</x>",
    '"><script>alert(1)</script>',
    "'; alert(1); '",
  ];

  for (const payload of payloads) {
    it(`leaves nothing active in ${JSON.stringify(payload.slice(0, 60))}`, () => {
      const out = sanitizeDealerHtml(payload);
      expectHarmless(out);
      // Hostile words may survive as escaped text ("&lt;img ... onerror=..."), never as markup.
      expect(out.toLowerCase()).not.toMatch(/<(script|img|svg|iframe|a|style|object|embed|meta|base|form|math|x)[\s/>]/);
    });
  }

  it("drops script, style and svg together with their content", () => {
    expect(sanitizeDealerHtml("before<script>alert(1)</script>after")).toBe("beforeafter");
    expect(sanitizeDealerHtml("a<style>p{}</style>b<svg><text>c</text></svg>d")).toBe("abd");
    expect(sanitizeDealerHtml("x<script>never closed")).toBe("x");
  });

  it("shows encoded markup as text, decoded once", () => {
    expect(sanitizeDealerHtml("&lt;script&gt;alert(1)&lt;/script&gt;")).toBe("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(sanitizeDealerHtml("&#60;b&#62;")).toBe("&lt;b&gt;");
    expect(sanitizeDealerHtml("&amp;lt;")).toBe("&amp;lt;");
    expect(sanitizeDealerHtml("caf&eacute; &copy; &unknown; &#0; &#x110000;")).toBe("café © &amp;unknown; \ufffd \ufffd");
  });

  it("keeps quotes and angle brackets of text escaped", () => {
    expect(sanitizeDealerHtml(`"><script>alert(1)</script>`)).toBe("&quot;&gt;");
    expect(sanitizeDealerHtml("5 < 6 > 4 'ok'")).toBe("5 &lt; 6 &gt; 4 &#39;ok&#39;");
  });

  it("makes malformed nesting well formed", () => {
    expect(sanitizeDealerHtml("<p>unclosed <b>bold <i>italic")).toBe("<p>unclosed <b>bold <i>italic</i></b></p>");
    expect(sanitizeDealerHtml("</p></b></li></ul>stray closers")).toBe("stray closers");
    expect(sanitizeDealerHtml("<li>stray item</li>")).toBe("stray item");
    expect(sanitizeDealerHtml("<p>one<p>two")).toBe("<p>one</p><p>two</p>");
    expect(sanitizeDealerHtml("<p>a<ul><li>b</ul>c</p>")).toBe("<p>a</p><ul><li>b</li></ul>c");
    expect(sanitizeDealerHtml("<b>x<p>y</p></b>")).toBe("<b>x</b><p>y</p>");
    expect(sanitizeDealerHtml("<ul><li>a<li>b<ul><li>c</ul></ul>")).toBe("<ul><li>a</li><li>b<ul><li>c</li></ul></li></ul>");
    expect(sanitizeDealerHtml('<p title="a>b">quoted</p>')).toBe("<p>quoted</p>");
  });

  it("caps nesting depth and input length", () => {
    const deep = sanitizeDealerHtml("<b>".repeat(200) + "deep" + "</b>".repeat(200));
    expect(deep.match(/<b>/g)!.length).toBeLessThanOrEqual(16);
    expect(deep).toContain("deep");
    expect(sanitizeDealerHtml("a".repeat(50_000)).length).toBe(20_000);
  });

  it("handles a large garbled input in linear time", () => {
    const junk = Array.from({ length: 20_000 }, (_, i) => "<p\"'=/ >&#x;<!--"[i % 17]).join("");
    const t0 = performance.now();
    expectHarmless(sanitizeDealerHtml(junk));
    expect(performance.now() - t0).toBeLessThan(1_000);
  });
});

describe("safeExternalUrl", () => {
  it("keeps absolute http(s) addresses", () => {
    expect(safeExternalUrl("https://lakeside-toyota.example")).toBe("https://lakeside-toyota.example/");
    expect(safeExternalUrl("  http://dealer.example/cars?x=1 ")).toBe("http://dealer.example/cars?x=1");
    expect(safeExternalUrl("www.dealer.example")).toBe("https://www.dealer.example/");
  });

  it("refuses scripts, data, relative, credentials and junk", () => {
    for (const bad of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "//evil.example",
      "/relative/path",
      "https://user:pass@dealer.example/",
      "https://dealer.example/\\evil",
      "http://localhost/",
      "not a url",
      "ftp://dealer.example/",
      "",
      null,
      undefined,
    ]) {
      expect(safeExternalUrl(bad)).toBeNull();
    }
  });
});
