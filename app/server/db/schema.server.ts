// Table shapes for Kysely. One schema for SQLite and PostgreSQL: timestamps are epoch
// milliseconds (bigint, parsed to number), booleans are 0/1 integers, multi-valued attributes
// (features, home services, vehicle history) are comma-delimited code lists with leading and
// trailing commas (",NAV,HEATED_SEATS,") so `LIKE '%,NAV,%'` is exact on both databases.
import type { ColumnType, Generated } from "kysely";

/**
 * "review": hidden from search after independent reports, until an operator clears it (docs/vehicle-page.md).
 * "unconfirmed": a feed listing its feed has not confirmed for LISTING_CONFIRM_DAYS; back when it does.
 * "held": a price far below its market, waiting for an operator (docs/decisions/030-no-stale-or-bait-listings.md).
 */
export type ListingStatus = "active" | "sold" | "expired" | "review" | "unconfirmed" | "held";
export type SellerType = "d" | "p";
export type DealRating = "great" | "good" | "fair" | "high";

export interface ZipTable {
  zip: string;
  city: string;
  state: string;
  lat: number;
  lon: number;
}

export interface RefMakeTable {
  code: string;
  name: string;
}

export interface RefSeriesTable {
  make_code: string;
  code: string;
  name: string;
}

export interface RefModelTable {
  make_code: string;
  code: string;
  name: string;
  series_code: string | null;
  body_style_code: string;
  first_year: number;
  last_year: number;
}

export interface RefTrimTable {
  id: string;
  year: number;
  make_code: string;
  model_code: string;
  trim_name: string;
  trim_code: string;
  trim_rank: number;
  msrp: number;
  epa_id: number;
  body_style_code: string;
  body_subtype_code: string | null;
  fuel_type_group: string;
  fuel_type: string;
  drive_group: string;
  drive: string;
  transmission_code: string;
  transmission: string;
  cylinders: number | null;
  displacement: number | null;
  engine_code: string;
  engine: string;
  doors: number;
  epa_city: number;
  epa_hwy: number;
  epa_combined: number;
  epa_mpge_city: number | null;
  epa_mpge_hwy: number | null;
  electric_range: number | null;
  /** EPA annual fuel cost in dollars (migration "020-annual-fuel-cost"); null: none published. */
  annual_fuel_cost: number | null;
  truck_bed_length: string | null;
  truck_cab_size: number | null;
  standard_features: string;
}

export interface RefPackageTable {
  trim_id: string;
  code: string;
  name: string;
  price: number;
}

export interface RefBodyStyleTable {
  code: string;
  name: string;
  sort: number;
}

export interface RefBodySubtypeTable {
  code: string;
  body_style_code: string;
  name: string;
  sort: number;
}

export interface RefFeatureTable {
  code: string;
  name: string;
  display_group: string;
  sort: number;
}

export interface RefColorTable {
  kind: "ext" | "int";
  code: string;
  name: string;
  hex: string;
  sort: number;
}

export interface RefEngineTable {
  code: string;
  name: string;
  sort: number;
}

export interface OwnerTable {
  id: Generated<number>;
  /** The dealer's own id in feeds ("DLR-000123"); private sellers get "PVT-...". */
  external_id: string;
  seller_type: SellerType;
  name: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  logo_url: string | null;
  street: string | null;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lon: number;
  rating: number | null;
  rating_count: number;
  /** Where a dealer's own rating claim comes from (feed field dealer_rating_source); null: no rating shown. */
  rating_source: string | null;
  /** Average of the dealer's published Forecourt reviews (migration "015-dealer-reviews"); null: none. */
  review_rating: number | null;
  review_count: Generated<number>;
  home_services: string;
  hide_email_form: number;
  tagline: string | null;
  created_at: number;
  /** 1: the dealer opted in to online buying through its feed (migration "019-deals-online-buying"). */
  ecommerce_opt_in: Generated<number>;
}

export interface ListingTable {
  id: Generated<number>;
  vin: string;
  owner_id: number;
  status: ListingStatus;
  listing_type: string;
  year: number;
  make_code: string;
  model_code: string;
  series_code: string | null;
  trim_id: string | null;
  trim_code: string | null;
  trim_name: string | null;
  title: string;
  body_style_code: string;
  body_subtype_code: string | null;
  fuel_type_group: string;
  fuel_type: string | null;
  drive_group: string;
  drive: string | null;
  engine_code: string;
  engine: string | null;
  displacement: number | null;
  cylinders: number | null;
  transmission_code: string;
  transmission: string | null;
  doors: number;
  ext_color_simple: string;
  ext_color_name: string | null;
  int_color_simple: string;
  int_color_name: string | null;
  mileage: number;
  sale_price: number;
  msrp: number | null;
  incentive: number;
  mpg_city: number | null;
  mpg_highway: number | null;
  mpg_combined: number | null;
  is_mpge: number;
  electric_range: number | null;
  /**
   * The trim's EPA annual fuel (or electricity) cost in dollars, copied from the catalogue
   * (migration "020-annual-fuel-cost", docs/reference-data.md); null: EPA publishes none.
   */
  annual_fuel_cost: number | null;
  features: string;
  packages: string;
  home_services: string;
  certified_product: string | null;
  vehicle_history: string;
  /** The history provider that supplied vehicle_history; null: the seller's own statement. */
  vehicle_history_source: string | null;
  vehicle_use_type: string;
  money_back_guarantee: number;
  truck_bed_length: string | null;
  truck_cab_size: number | null;
  seller_type: SellerType;
  zip: string;
  lat: number;
  lon: number;
  image_count: number;
  description: string | null;
  is_hot: number;
  has_special_offer: number;
  is_reduced_price: number;
  view_count: number;
  deal_rating: DealRating | null;
  market_price: number | null;
  epa_id: number | null;
  date_listed: number;
  updated_at: number;
  sold_at: number | null;
  expired_at: number | null;
  /** The price verdict (docs/vehicle-page.md): our value estimate, the comparables counted and their radius (null: nationwide). */
  estimate_price: number | null;
  market_count: number | null;
  market_radius: number | null;
  /** When the verdict was last computed (a later updated_at means a feed rewrote market_price). */
  verdict_at: number | null;
  /** When an operator cleared the listing after reports (reports before it no longer count). */
  reviewed_at: number | null;
  /** When the dealer's feed last listed this car (null: not a feed listing, e.g. demo inventory). */
  confirmed_at: number | null;
  /** Why the listing is held for an operator (status "held"). */
  hold_reason: string | null;
  /** The price an operator let through after a hold: the same price is not held again. */
  hold_cleared_price: number | null;
}

export interface PriceHistoryTable {
  id: Generated<number>;
  listing_id: number;
  price: number;
  recorded_at: number;
}

/** A dealer's paid placement tier (migration 007-results-extras). */
export interface DealerPlacementTable {
  owner_id: number;
  /** "premium" | "featured" | "standard" (spotlight tiers, docs/results-page.md). */
  tier: string;
  since: number;
}

export interface MetaTable {
  key: string;
  value: string;
}

export type MailStatus = "pending" | "sent" | "failed";

/** Outgoing mail (docs/resilience-and-security.md): pending until the sender delivers it; failed after the last retry. */
export interface MailOutboxTable {
  id: Generated<number>;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** A second enqueue with the same key is ignored. */
  dedupe_key: string | null;
  status: MailStatus;
  attempts: number;
  /** Epoch ms; the sender picks pending rows whose time has come. */
  next_attempt_at: number;
  /** The sender instance holding the row, until claimed_until (a crashed sender's claim lapses). */
  claimed_by: string | null;
  claimed_until: number | null;
  last_error: string | null;
  message_id: string | null;
  created_at: number;
  sent_at: number | null;
  /** One-click unsubscribe URL (RFC 8058): sent as List-Unsubscribe with List-Unsubscribe-Post. */
  list_unsubscribe: ColumnType<string | null, string | null | undefined, string | null>;
}

export type LeadKind = "email" | "offer";

/** An enquiry to a seller (docs/vehicle-page.md): the contact form or a private seller's Make Offer. */
export interface LeadTable {
  id: Generated<number>;
  listing_id: number;
  owner_id: number;
  kind: LeadKind;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  comments: string;
  offer_amount: number | null;
  /** The anonymous visitor cookie; user_id once accounts exist. */
  visitor_id: string | null;
  user_id: number | null;
  ip: string | null;
  /** "SUCCESS" once stored and queued for the seller. */
  status: string;
  mail_id: number | null;
  created_at: number;
  /** When the shopper was invited to review the dealer (migration "015-dealer-reviews"); null: not yet. */
  review_invite_at: Generated<number | null>;
}

export interface ListingReportTable {
  id: Generated<number>;
  listing_id: number;
  reason: string;
  comment: string | null;
  /** One report per reporter and listing (visitor cookie, else address). */
  reporter_key: string;
  ip: string | null;
  created_at: number;
  /** The verified account that reported (migration 011); null for an anonymous report. */
  user_id: number | null;
}

// Accounts (migration "004-accounts"; app/server/accounts/).
export interface UserTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone: string;
  one_click_opt_in: number;
  created_at: number;
  /** When `email` was verified by its link (migration 011); null: not verified, it counts for nothing. */
  email_verified_at: number | null;
  /** An address the user changed to, waiting for its link; `email` stays until then. */
  pending_email: string | null;
}
export interface SessionTable {
  /** sha256 of the cookie's session id: a stolen database does not yield live sessions. */
  id_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}
export interface SavedVehicleTable {
  user_id: number;
  listing_id: number;
  price_at_save: number;
  last_alert_price: number;
  saved_at: number;
  /** Price-drop emails for this car (1) or unsubscribed (0). */
  alerts: number;
}
/** Views of a listing on one UTC day (days since 1970; migration 009). */
/** First-party page-event counts per UTC day (migration 016; docs/analytics.md). */
export interface AnalyticsDailyTable {
  /** "2026-11-25" */
  day: string;
  event: string;
  label: string;
  count: number;
}

export interface ListingViewDayTable {
  listing_id: number;
  day: number;
  views: number;
}
/** One viewer's views of a listing on a UTC day: counted once (migration 021, ADR 036). */
export interface ListingViewerTable {
  listing_id: number;
  day: number;
  /** `user:{id}`, `visitor:{id}` or `address:{keyed hash}`. */
  viewer: string;
  /** The first view that day (epoch ms). */
  at: number;
}
/** A signed-out visitor's quick save, kept while it has a push device (migration 022, decision 023). */
export interface VisitorSaveTable {
  visitor_id: string;
  listing_id: number;
  price_at_save: number;
  saved_at: number;
}
/** A car a signed-in shopper looked at; one row per car, the latest view (migration 008). */
export interface RecentViewTable {
  user_id: number;
  listing_id: number;
  viewed_at: number;
  /** 'Still interested?' dismissed for this car (epoch ms), or null. */
  dismissed_at: number | null;
}
export interface SavedSearchTable {
  /** The bookmarkId (random). */
  id: string;
  user_id: number | null;
  email: string | null;
  title: string;
  search_url: string;
  alerts: number;
  created_at: number;
  last_executed: number;
  matched_since: number;
  /** Email-only searches: when the address confirmed it (double opt-in, migration 011). */
  confirmed_at: number | null;
}
export interface PriceAlertTable {
  id: Generated<number>;
  email: string;
  listing_id: number;
  last_alert_price: number;
  active: number;
  created_at: number;
  /** When the address confirmed the alert by its link (double opt-in, migration 011); null: nothing is sent. */
  confirmed_at: number | null;
}
/** Migration 014 (decision 023). */
export interface PushSubscriptionTable {
  id: Generated<number>;
  endpoint: string;
  p256dh: string;
  auth: string;
  brand: string;
  pixall_id: string;
  visitor_id: string | null;
  user_id: number | null;
  created_at: number;
}
export interface SentAlertTable {
  alert_key: string;
  sent_at: number;
}

/** Rate-limit counters (ADR 021). */
export interface RateLimitTable {
  key: string;
  points: number;
  /** Epoch ms when the window ends; null never. */
  expire: number | null;
}

/** A processed photo, by the SHA-256 of its source bytes (docs/photos.md). */
export interface PhotoTable {
  hash: string;
  /** After EXIF orientation. */
  width: number;
  height: number;
  /** Variant widths stored, comma-separated ascending ("320,640,1024"). */
  widths: string;
  /** Dominant colour "#rrggbb": the placeholder while the picture loads. */
  color: string;
  created_at: number;
}

export type ListingPhotoState = "pending" | "ready" | "failed";

/** One photo reference of a listing, in feed order; also the job that fetches and processes it. */
export interface ListingPhotoTable {
  id: Generated<number>;
  listing_id: number;
  position: number;
  /** An http(s) URL or a file path relative to base_dir. */
  source: string;
  base_dir: string | null;
  feed_row: number | null;
  state: ListingPhotoState;
  reason: string | null;
  photo_hash: string | null;
  attempts: number;
  run_after: number;
  lease_owner: string | null;
  lease_until: number | null;
  updated_at: number;
}

export interface PhotoSourceTable {
  source: string;
  hash: string;
  seen_at: number;
}

/** A consumer review of a model year (migration "015-reviews"; app/server/research/). */
export interface ConsumerReviewTable {
  id: Generated<number>;
  user_id: number;
  make_code: string;
  model_code: string;
  year: number;
  trim_id: string | null;
  trim_name: string | null;
  overall: number;
  comfort: number;
  performance: number;
  reliability: number;
  value: number;
  interior: number;
  technology: number;
  title: string;
  body: string;
  /** pending (waits for an operator), approved (published), rejected (with reject_reason). */
  status: string;
  /** Why the automatic check flagged it for the operator ("Contains a link" ...), newline-separated. */
  held_reasons: string | null;
  reject_reason: string | null;
  helpful_yes: Generated<number>;
  helpful_no: Generated<number>;
  created_at: number;
  updated_at: number;
  decided_at: number | null;
}
/** One visitor's helpful vote on one review (kind: consumer | dealer). */
export interface ReviewVoteTable {
  kind: string;
  review_id: number;
  voter_key: string;
  helpful: number;
  created_at: number;
}

/** NHTSA 5-Star Safety Ratings of one NHTSA vehicle (migration "015-safety-ratings"). */
export interface SafetyRatingTable {
  vehicle_id: number;
  make_code: string;
  model_code: string;
  year: number;
  description: string;
  overall: number | null;
  front: number | null;
  front_driver: number | null;
  front_passenger: number | null;
  side: number | null;
  side_driver: number | null;
  side_passenger: number | null;
  side_pole: number | null;
  rollover: number | null;
  rollover_possibility: number | null;
  esc: string | null;
  fcw: string | null;
  ldw: string | null;
  imported_at: number;
}

/** A shopper's review of a dealer they contacted (migration "015-dealer-reviews"). */
export interface DealerReviewTable {
  id: Generated<number>;
  user_id: number;
  owner_id: number;
  rating: number;
  title: string;
  body: string;
  status: string;
  held_reasons: string | null;
  reject_reason: string | null;
  helpful_yes: Generated<number>;
  helpful_no: Generated<number>;
  created_at: number;
  updated_at: number;
  decided_at: number | null;
}

/** An address that asked for no more dealer review invitations (migration "015-dealer-reviews"). */
export interface ReviewInviteOptoutTable {
  email: string;
  created_at: number;
}

/** An editor's review of a model year (migration "015-expert-reviews"). */
export interface ExpertReviewTable {
  id: Generated<number>;
  make_code: string;
  model_code: string;
  year: number;
  headline: string;
  verdict: string;
  /** One per line. */
  pros: string;
  cons: string;
  body_md: string;
  /** body_md rendered and sanitised (app/server/research/expert-reviews.server.ts). */
  body_html: string;
  /** Out of 10. */
  score: number;
  author: string;
  /** draft | published */
  status: string;
  published_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface DB {
  zips: ZipTable;
  ref_makes: RefMakeTable;
  ref_series: RefSeriesTable;
  ref_models: RefModelTable;
  ref_trims: RefTrimTable;
  ref_packages: RefPackageTable;
  ref_body_styles: RefBodyStyleTable;
  ref_body_subtypes: RefBodySubtypeTable;
  ref_features: RefFeatureTable;
  ref_colors: RefColorTable;
  ref_engines: RefEngineTable;
  owners: OwnerTable;
  listings: ListingTable;
  listing_price_history: PriceHistoryTable;
  meta: MetaTable;
  mail_outbox: MailOutboxTable;
  leads: LeadTable;
  listing_reports: ListingReportTable;
  dealer_placements: DealerPlacementTable;
  users: UserTable;
  sessions: SessionTable;
  saved_vehicles: SavedVehicleTable;
  recent_views: RecentViewTable;
  listing_view_days: ListingViewDayTable;
  listing_viewers: ListingViewerTable;
  visitor_saves: VisitorSaveTable;
  analytics_daily: AnalyticsDailyTable;
  saved_searches: SavedSearchTable;
  price_alerts: PriceAlertTable;
  sent_alerts: SentAlertTable;
  rate_limits: RateLimitTable;
  photos: PhotoTable;
  listing_photos: ListingPhotoTable;
  photo_sources: PhotoSourceTable;
  push_subscriptions: PushSubscriptionTable;
  consumer_reviews: ConsumerReviewTable;
  review_votes: ReviewVoteTable;
  safety_ratings: SafetyRatingTable;
  dealer_reviews: DealerReviewTable;
  review_invite_optouts: ReviewInviteOptoutTable;
  expert_reviews: ExpertReviewTable;
  deals: DealTable;
}

/** A shopper's saved deal (docs/online-buying.md): the shareable deal page reads it. */
export interface DealTable {
  id: string;
  listing_id: number;
  deal_type: string;
  /** The deal's terms as JSON (app/lib/deal-schemas.ts dealTermsSchema). */
  terms: string;
  /** The car's price when the deal was saved. */
  price: number;
  created_at: number;
  updated_at: number;
}
