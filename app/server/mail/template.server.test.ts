import { describe, expect, it } from "vitest";
import { mailHtml } from "./template.server.ts";

describe("mailHtml (React Email)", () => {
  it("makes an HTML document of the text: paragraphs, a list, links, the unsubscribe link", async () => {
    const html = await mailHtml({
      subject: "2 new matches for SUVs",
      text:
        '2 new cars match your saved search "SUVs":\n\n- 2021 Toyota RAV4 XLE, $24,000: http://localhost:3000/cars-for-sale/vehicle/12\n' +
        "- 2020 Honda CR-V, $22,500: http://localhost:3000/cars-for-sale/vehicle/13\n\nSee every match: http://localhost:3000/cars-for-sale/used.",
      listUnsubscribe: "http://localhost:3000/account/unsubscribe?token=a&b",
    });
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain("2 new cars match your saved search &quot;SUVs&quot;:");
    expect(html.match(/<li>/g)).toHaveLength(2);
    expect(html).toContain('href="http://localhost:3000/cars-for-sale/vehicle/12"');
    // Punctuation ending a sentence is not part of the address.
    expect(html).toContain('href="http://localhost:3000/cars-for-sale/used"');
    expect(html).toMatch(/href="http:\/\/localhost:3000\/account\/unsubscribe\?token=a&amp;b"[^>]*>Unsubscribe</);
  });

  it("escapes what the text holds", async () => {
    const html = await mailHtml({ subject: "x", text: "Your message:\n<script>alert(1)</script>" });
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain("Unsubscribe");
  });
});
