// Leads (docs/vehicle-page.md): an enquiry to a seller, stored and mailed through the outbox. The contact form
// and Make Offer call createLead; sendOneClickEmail is the spec's one-click path for signed-in,
// opted-in shoppers (accounts, docs/accounts.md, call it with the account's lead profile).
import { recordEvent } from "../observability/analytics.server.ts";
import type { Database } from "../db/connection.server.ts";
import type { LeadKind } from "../db/schema.server.ts";
import { siteUrl } from "../env.server.ts";
import { enqueueMail } from "../mail/outbox.server.ts";
import { DEFAULT_CONTACT_MESSAGE } from "../../lib/listing-forms.ts";
import { formatPrice } from "../../lib/format.ts";
import { PATHS } from "../../lib/routes.ts";
import { ONE_CLICK_FIELDS, oneClickMode } from "../../lib/account.ts";

/** The spec's lead profile (section 3). */
export interface LeadProfile {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  isOneClickOptedIn: boolean;
}

/** What a lead needs to know about the listing and its seller. */
export interface LeadListing {
  id: number;
  ownerId: number;
  /** "2021 Toyota RAV4 XLE" */
  name: string;
  vin: string;
  price: number;
  sellerName: string;
  sellerEmail: string | null;
  privateSeller: boolean;
}

export interface LeadInput {
  kind: LeadKind;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  comments: string;
  offerAmount?: number | null;
}

export interface LeadOrigin {
  visitorId: string | null;
  userId?: number | null;
  ip: string | null;
  /**
   * The shopper's copy goes only to an address the request proves: a signed-in account's verified
   * email. Otherwise the site would mail anyone's text to any address typed in the form.
   */
  copyToShopper?: boolean;
  /** What brought the shopper ("channel:email", "psid:123", "direct"; attributionLabel), counted with the lead. */
  source?: string;
}

/** The spec's email-owner status: SUCCESS marks the listing emailed for the shopper. */
export type LeadStatus = "SUCCESS";

export async function loadLeadListing(db: Database, listingId: number): Promise<(LeadListing & { hideEmailForm: boolean; status: string }) | null> {
  const r = await db.kysely
    .selectFrom("listings as l")
    .innerJoin("owners as o", "o.id", "l.owner_id")
    .select([
      "l.id",
      "l.owner_id",
      "l.year",
      "l.vin",
      "l.sale_price",
      "l.status",
      "l.trim_name",
      "l.title",
      "o.name",
      "o.email",
      "o.seller_type",
      "o.hide_email_form",
    ])
    .where("l.id", "=", listingId)
    .executeTakeFirst();
  if (!r) return null;
  return {
    id: Number(r.id),
    ownerId: Number(r.owner_id),
    name: r.title.replace(/^(New|Used|Certified)\s+/, ""),
    vin: r.vin,
    price: Number(r.sale_price),
    sellerName: r.seller_type === "p" ? "Private seller" : r.name,
    sellerEmail: r.email,
    privateSeller: r.seller_type === "p",
    hideEmailForm: Number(r.hide_email_form) === 1,
    status: r.status,
  };
}

function leadMail(listing: LeadListing, input: LeadInput, url: string) {
  const who = `${input.firstName} ${input.lastName}`;
  const lines = [
    input.kind === "offer"
      ? `${who} offers ${formatPrice(input.offerAmount ?? 0)} for your ${listing.name} (listed at ${formatPrice(listing.price)}).`
      : `${who} asks about your ${listing.name} (listed at ${formatPrice(listing.price)}).`,
    "",
    input.comments ? `Message:\n${input.comments}` : "No message.",
    "",
    `Reply to: ${input.email}${input.phone ? `\nPhone: ${input.phone}` : ""}`,
    "",
    `Listing: ${url}`,
    `VIN: ${listing.vin}`,
  ];
  return lines.join("\n");
}

/**
 * Stores the lead, queues the mail to the seller and (origin.copyToShopper) a copy to the shopper; returns SUCCESS. One
 * transaction: a crash leaves either all of it or none (never a lead whose seller is not told),
 * and the caller acknowledges only after the commit.
 */
export async function createLead(
  db: Database,
  listing: LeadListing,
  input: LeadInput,
  origin: LeadOrigin,
  now = Date.now(),
): Promise<{ leadId: number; status: LeadStatus }> {
  const stored = await db.kysely.transaction().execute((tx) => storeLead({ ...db, kysely: tx }, listing, input, origin, now));
  recordEvent("lead", input.kind, now);
  recordEvent("lead_source", origin.source ?? "direct", now);
  return stored;
}

async function storeLead(
  db: Database,
  listing: LeadListing,
  input: LeadInput,
  origin: LeadOrigin,
  now: number,
): Promise<{ leadId: number; status: LeadStatus }> {
  const url = siteUrl(PATHS.vehicle(listing.id));
  const inserted = await db.kysely
    .insertInto("leads")
    .values({
      listing_id: listing.id,
      owner_id: listing.ownerId,
      kind: input.kind,
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email.toLowerCase(),
      phone: input.phone ?? null,
      comments: input.comments,
      offer_amount: input.offerAmount ?? null,
      visitor_id: origin.visitorId,
      user_id: origin.userId ?? null,
      ip: origin.ip,
      status: "SUCCESS",
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const leadId = Number(inserted.id);
  const subject = input.kind === "offer" ? `Offer of ${formatPrice(input.offerAmount ?? 0)} on your ${listing.name}` : `New enquiry: ${listing.name}`;
  let mailId: number | null = null;
  // Private sellers in the demo data have no address on file: their leads wait in the seller's inbox (the leads table).
  if (listing.sellerEmail) {
    mailId = (
      await enqueueMail(
        db,
        {
          to: listing.sellerEmail,
          subject,
          text: leadMail(listing, input, url),
          kind: input.kind === "offer" ? "offer" : "lead",
          dedupeKey: `lead:${leadId}:seller`,
        },
        now,
      )
    ).id;
  }
  if (origin.copyToShopper) {
    await enqueueMail(
      db,
      {
        to: input.email,
        subject: input.kind === "offer" ? `Your offer on the ${listing.name}` : `Your message about the ${listing.name}`,
        text: [
          `Hi ${input.firstName},`,
          "",
          input.kind === "offer"
            ? `We passed your offer of ${formatPrice(input.offerAmount ?? 0)} to the seller of the ${listing.name}.`
            : `We passed your message to ${listing.sellerName} about the ${listing.name}.`,
          "The seller will reply to this email address" + (input.phone ? " or call you." : "."),
          "",
          input.comments ? `Your message:\n${input.comments}\n` : "",
          `The listing: ${url}`,
        ].join("\n"),
        kind: input.kind === "offer" ? "offer-copy" : "lead-copy",
        dedupeKey: `lead:${leadId}:shopper`,
      },
      now,
    );
  }
  if (mailId !== null) await db.kysely.updateTable("leads").set({ mail_id: mailId }).where("id", "=", leadId).execute();
  return { leadId, status: "SUCCESS" };
}

export type OneClickResult = { status: LeadStatus; leadId: number } | { status: "FORM"; editMode: boolean; missing: ("firstName" | "lastName" | "email")[] };

/**
 * The spec's one-click email: an opted-in shopper with first name, last name and email sends the
 * availability message directly; otherwise the form opens (in edit mode for an opted-in shopper
 * with missing details).
 */
export async function sendOneClickEmail(
  db: Database,
  listing: LeadListing,
  profile: LeadProfile,
  origin: LeadOrigin,
  now = Date.now(),
): Promise<OneClickResult> {
  const missing = ONE_CLICK_FIELDS.filter((k) => !profile[k]?.trim());
  const mode = oneClickMode({ optedIn: profile.isOneClickOptedIn, ...profile });
  if (mode !== "send") return { status: "FORM", editMode: mode === "edit", missing };
  const r = await createLead(
    db,
    listing,
    {
      kind: "email",
      firstName: profile.firstName.trim(),
      lastName: profile.lastName.trim(),
      email: profile.email.trim(),
      phone: profile.phone ?? null,
      comments: DEFAULT_CONTACT_MESSAGE,
    },
    origin,
    now,
  );
  return { status: r.status, leadId: r.leadId };
}

/** Listings among `ids` this visitor (or, signed in, this account from any device) has emailed (status SUCCESS). */
export async function emailedListingIds(db: Database, visitorId: string | null, ids: number[], userId: number | null = null): Promise<Set<number>> {
  if ((!visitorId && userId === null) || ids.length === 0) return new Set();
  const rows = await db.kysely
    .selectFrom("leads")
    .select("listing_id")
    .distinct()
    .where((eb) => {
      const who = [];
      if (visitorId) who.push(eb("visitor_id", "=", visitorId));
      if (userId !== null) who.push(eb("user_id", "=", userId));
      return eb.or(who);
    })
    .where("status", "=", "SUCCESS")
    .where("listing_id", "in", ids.slice(0, 500))
    .execute();
  return new Set(rows.map((r) => Number(r.listing_id)));
}
