// Expert reviews: Markdown rendered to sanitised HTML; drafts not served; at most 2, newest year
// first; the spec's expert review fetch (ymmt, embed) through the service.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { publishedExpertReviews, renderReviewMarkdown, saveExpertReview } from "./expert-reviews.server.ts";

describe("renderReviewMarkdown", () => {
  it("keeps text formatting, lists and http links; drops scripts, images, handlers and other schemes", () => {
    const html = renderReviewMarkdown(
      "# Big heading\n\n**Quick** and *quiet*.\n\n- one\n- two\n\n[spec](https://example.com/spec) [bad](javascript:alert(1))\n" +
        '\n<script>alert(1)</script><img src=x onerror=alert(1)><p onclick="x()">hi</p>',
    );
    expect(html).toContain("<h3>Big heading</h3>");
    expect(html).toContain("<strong>Quick</strong>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain('<a href="https://example.com/spec" rel="nofollow noopener">spec</a>');
    expect(html).not.toMatch(/script|onerror|onclick|<img|javascript:/);
  });
});

const form = (year: number, publish: boolean, headline = `Review ${year}`) => ({
  make: "TOYOTA",
  model: "RAV4",
  year,
  headline,
  verdict: "A sensible choice.",
  pros: "Roomy\nFrugal",
  cons: "Noisy",
  body: "Body text. ".repeat(20),
  score: 8,
  author: "Jo Editor",
  publish,
});

for (const factory of testDatabaseFactories()) {
  describe(`expert reviews on ${factory.name}`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await factory.create();
    });
    afterAll(async () => t?.drop());

    it("serves published reviews only, one per model year, at most 2, newest year first", async () => {
      await saveExpertReview(t.db, form(2021, true));
      await saveExpertReview(t.db, form(2022, false));
      expect((await publishedExpertReviews(t.db, "TOYOTA", "RAV4", null)).map((r) => r.year)).toEqual([2021]);
      await saveExpertReview(t.db, form(2022, true, "Better in 2022"));
      await saveExpertReview(t.db, form(2023, true));
      const two = await publishedExpertReviews(t.db, "TOYOTA", "RAV4", null);
      expect(two.map((r) => [r.year, r.headline])).toEqual([
        [2023, "Review 2023"],
        [2022, "Better in 2022"],
      ]);
      expect(two[0]!.pros).toEqual(["Roomy", "Frugal"]);
      expect((await publishedExpertReviews(t.db, "TOYOTA", "RAV4", 2021)).map((r) => r.year)).toEqual([2021]);
      // Back to draft: no longer served.
      await saveExpertReview(t.db, form(2023, false));
      expect((await publishedExpertReviews(t.db, "TOYOTA", "RAV4", null)).map((r) => r.year)).toEqual([2022, 2021]);
    });
  });
}
