// Leads, the one-click path and reports in the database, on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { contactSchema, offerSchema } from "../../lib/listing-forms.ts";
import { listMail } from "../mail/outbox.server.ts";
import { seedDealerListing } from "../../../tests/support/inventory.ts";
import { addressNetwork, clearListingReview, reportListing, reviewQueue, takeDownListing } from "../listings/reports.server.ts";
import { createLead, emailedListingIds, loadLeadListing, sendOneClickEmail } from "./leads.server.ts";

const T0 = Date.UTC(2026, 9, 1);

function form(entries: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.set(k, v);
  return fd;
}

describe("the contact and offer schemas", () => {
  it("accept a complete enquiry and normalise the phone", () => {
    const r = parseWithZod(
      form({
        intent: "contact",
        firstName: " Ana ",
        lastName: "Rivera",
        fromEmailAddress: "ana@example.com",
        phoneNumber: "+1 404-555-0134",
        comments: "Available?",
      }),
      { schema: contactSchema },
    );
    expect(r.status).toBe("success");
    expect(r.status === "success" && r.value).toMatchObject({ firstName: "Ana", phoneNumber: "(404) 555-0134" });
  });
  it("name every bad field", () => {
    const r = parseWithZod(
      form({ intent: "contact", firstName: "", lastName: "x".repeat(60), fromEmailAddress: "nope", phoneNumber: "555-CALL", comments: "" }),
      { schema: contactSchema },
    );
    expect(r.status).toBe("error");
    const errors = r.reply().error!;
    expect(errors.firstName).toEqual(["Enter your first name."]);
    expect(errors.lastName).toEqual(["Your last name can be at most 50 characters."]);
    expect(errors.fromEmailAddress).toEqual(["Enter a valid email address, like name@example.com."]);
    expect(errors.phoneNumber).toEqual(["Enter a 10-digit phone number."]);
    expect(errors.comments).toEqual(["Enter your message."]);
  });
  it("read offers in whole dollars", () => {
    const ok = parseWithZod(form({ intent: "offer", firstName: "Sam", lastName: "Lee", fromEmailAddress: "s@example.com", offerAmount: "$18,500" }), {
      schema: offerSchema,
    });
    expect(ok.status === "success" && ok.value.offerAmount).toBe(18_500);
    const bad = parseWithZod(form({ intent: "offer", firstName: "Sam", lastName: "Lee", fromEmailAddress: "s@example.com", offerAmount: "50" }), {
      schema: offerSchema,
    });
    expect(bad.reply().error?.offerAmount).toEqual(["Offers start at $100."]);
  });
});

for (const factory of testDatabaseFactories()) {
  describe(`leads and reports on ${factory.name}`, () => {
    let t: TestDatabase;
    let listingId: number;
    beforeAll(async () => {
      t = await factory.create();
      ({ listingId } = await seedDealerListing(t.db, T0, { dealerId: "DLR-9" }));
    });
    afterAll(async () => {
      await t?.drop();
    });

    it("stores a lead, mails the seller and the shopper, and marks the car emailed for that visitor", async () => {
      const listing = (await loadLeadListing(t.db, listingId))!;
      expect(listing).toMatchObject({ name: "2021 Toyota RAV4 XLE", sellerEmail: "sales@lakeside.example", privateSeller: false });
      const r = await createLead(
        t.db,
        listing,
        { kind: "email", firstName: "Ana", lastName: "Rivera", email: "Ana@Example.com", phone: null, comments: "Available?" },
        { visitorId: "v1", ip: "127.0.0.1", copyToShopper: true },
      );
      expect(r.status).toBe("SUCCESS");
      const [toSeller] = await listMail(t.db, { to: "sales@lakeside.example" });
      expect(toSeller).toMatchObject({ kind: "lead", subject: "New enquiry: 2021 Toyota RAV4 XLE" });
      expect(toSeller!.text).toContain("Reply to: Ana@Example.com");
      expect(await listMail(t.db, { to: "ana@example.com", kind: "lead-copy" })).toHaveLength(1);
      // Without a proven address (signed out, or not the account's verified email): the seller's mail only.
      await createLead(
        t.db,
        listing,
        { kind: "email", firstName: "Eve", lastName: "X", email: "victim@example.com", phone: null, comments: "Spam" },
        { visitorId: "v3", ip: null },
      );
      expect(await listMail(t.db, { to: "victim@example.com" })).toHaveLength(0);
      expect((await listMail(t.db, { to: "sales@lakeside.example" })).filter((m) => m.text.includes("Reply to: victim@example.com"))).toHaveLength(1);
      expect([...(await emailedListingIds(t.db, "v1", [listingId, 999]))]).toEqual([listingId]);
      expect((await emailedListingIds(t.db, "v2", [listingId])).size).toBe(0);
    });

    it("stores a lead and its mails all together or not at all", async () => {
      const listing = (await loadLeadListing(t.db, listingId))!;
      const count = async (table: "leads" | "mail_outbox") =>
        Number(
          (
            await t.db.kysely
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = { leads: await count("leads"), mail: await count("mail_outbox") };
      // The shopper's copy cannot be queued (no address): the seller's mail and the lead go too.
      await expect(
        createLead(
          t.db,
          listing,
          { kind: "email", firstName: "No", lastName: "Address", email: "  ", phone: null, comments: "Hello?" },
          { visitorId: "v9", ip: null, copyToShopper: true },
        ),
      ).rejects.toThrow(/empty recipient/);
      expect({ leads: await count("leads"), mail: await count("mail_outbox") }).toEqual(before);
    });

    it("one-click: sends for an opted-in, complete profile; otherwise opens the form (edit mode when details are missing)", async () => {
      const listing = (await loadLeadListing(t.db, listingId))!;
      const origin = { visitorId: null, userId: 7, ip: null };
      expect(await sendOneClickEmail(t.db, listing, { firstName: "Kim", lastName: "Ng", email: "kim@example.com", isOneClickOptedIn: false }, origin)).toEqual({
        status: "FORM",
        editMode: false,
        missing: [],
      });
      expect(await sendOneClickEmail(t.db, listing, { firstName: "Kim", lastName: "", email: "kim@example.com", isOneClickOptedIn: true }, origin)).toEqual({
        status: "FORM",
        editMode: true,
        missing: ["lastName"],
      });
      const sent = await sendOneClickEmail(t.db, listing, { firstName: "Kim", lastName: "Ng", email: "kim@example.com", isOneClickOptedIn: true }, origin);
      expect(sent.status).toBe("SUCCESS");
      const lead = await t.db.kysely.selectFrom("leads").selectAll().where("email", "=", "kim@example.com").executeTakeFirstOrThrow();
      expect(lead).toMatchObject({ comments: "Hi, I am interested in this car. Is it still available?", status: "SUCCESS" });
      expect(Number(lead.user_id)).toBe(7);
    });

    it("groups addresses by network: IPv4 /24, IPv6 /48", () => {
      expect(addressNetwork("198.51.100.7")).toBe("198.51.100.0/24");
      expect(addressNetwork("::ffff:198.51.100.9")).toBe("198.51.100.0/24");
      expect(addressNetwork("2001:db8:aa:1::5")).toBe("2001:db8:aa::/48");
      expect(addressNetwork("2001:0db8:00aa:ffff:1:2:3:4")).toBe("2001:db8:aa::/48");
      expect(addressNetwork(null)).toBe("unknown");
    });

    it("anonymous reports never hide a car; verified accounts from enough networks do, the seller is told why; a review puts it back", async () => {
      // Cookie-less visitors mint a new reporter id per request: stored, but they never hide it.
      for (let i = 1; i <= 5; i++) {
        expect(await reportListing(t.db, listingId, { reason: "scam", reporterKey: `v:${i}`, ip: `203.0.113.${i}` }, T0 + i)).toMatchObject({
          stored: true,
          accounts: 0,
          hidden: false,
        });
      }
      // Verified accounts, but all from one /24: not independent enough.
      for (let i = 1; i <= 3; i++) {
        expect(await reportListing(t.db, listingId, { reason: "scam", reporterKey: `u:${i}`, userId: i, ip: `198.51.100.${i}` }, T0 + 10 + i)).toMatchObject({
          accounts: i,
          networks: 1,
          hidden: false,
        });
      }
      expect(await reportListing(t.db, listingId, { reason: "scam", reporterKey: "u:1", userId: 1, ip: "192.0.2.1" }, T0 + 20)).toMatchObject({
        stored: false,
        hidden: false,
      });
      expect(await reportListing(t.db, listingId, { reason: "price", reporterKey: "u:4", userId: 4, ip: "192.0.2.1" }, T0 + 21)).toMatchObject({
        accounts: 4,
        networks: 2,
        hidden: false,
      });
      expect((await loadLeadListing(t.db, listingId))!.status).toBe("active");
      expect(await reportListing(t.db, listingId, { reason: "scam", reporterKey: "u:5", userId: 5, ip: "2001:db8::1" }, T0 + 22)).toMatchObject({
        accounts: 5,
        networks: 3,
        hidden: true,
      });
      expect((await loadLeadListing(t.db, listingId))!.status).toBe("review");
      const [told] = await listMail(t.db, { to: "sales@lakeside.example", kind: "listing-hidden" });
      expect(told!.subject).toBe("Your listing is hidden pending review: Used 2021 Toyota RAV4 XLE");
      expect(told!.text).toContain("The seller seems fraudulent (9 reports)");
      expect(told!.text).toContain("(1 report)");

      expect(await clearListingReview(t.db, listingId, T0 + 30)).toBe(true);
      expect((await loadLeadListing(t.db, listingId))!.status).toBe("active");
      expect(await reportListing(t.db, listingId, { reason: "scam", reporterKey: "u:9", userId: 9, ip: "192.0.2.77" }, T0 + 40)).toMatchObject({
        accounts: 1,
        hidden: false,
      });
    });

    it("the operator's queue lists reported listings, hidden or not; taking one down ends its review and tells the seller", async () => {
      const queue = await reviewQueue(t.db);
      expect(queue).toHaveLength(1);
      expect(queue[0]).toMatchObject({ id: listingId, title: "Used 2021 Toyota RAV4 XLE", price: 25_000, seller: "Lakeside Motors", hidden: false });
      // Only the reports since the last review.
      expect(queue[0]!.reports).toEqual([{ reason: "scam", comment: null, at: T0 + 40, verified: true }]);
      await reportListing(t.db, listingId, { reason: "sold", comment: "Sold in May", reporterKey: "v:late", ip: null }, T0 + 100);
      expect((await reviewQueue(t.db))[0]!.reports.find((r) => r.reason === "sold")).toMatchObject({ comment: "Sold in May", verified: false });
      expect(await takeDownListing(t.db, listingId, T0 + 200)).toBe(true);
      expect((await loadLeadListing(t.db, listingId))!.status).toBe("expired");
      const [removed] = await listMail(t.db, { to: "sales@lakeside.example", kind: "listing-removed" });
      expect(removed!.text).toContain("The car is already sold (1 report)");
      // Decided once: a second decision (relist or take down) finds nothing to do.
      expect(await takeDownListing(t.db, listingId, T0 + 201)).toBe(false);
      expect(await clearListingReview(t.db, listingId, T0 + 202)).toBe(false);
      expect(await reviewQueue(t.db)).toEqual([]);
    });
  });
}
