// Table shapes for Kysely. One schema for SQLite and PostgreSQL: timestamps are epoch
// milliseconds (bigint, parsed to number), booleans are 0/1 integers, multi-valued attributes
// (features, home services, vehicle history) are comma-delimited code lists with leading and
// trailing commas (",NAV,HEATED_SEATS,") so `LIKE '%,NAV,%'` is exact on both databases.
import type { Generated } from "kysely";

/** "review": hidden from search after independent reports, until an operator clears it (issue 6). */
export type ListingStatus = "active" | "sold" | "expired" | "review";
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
  home_services: string;
  hide_email_form: number;
  tagline: string | null;
  created_at: number;
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
  features: string;
  packages: string;
  home_services: string;
  certified_product: string | null;
  vehicle_history: string;
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
  /** Issue 6 (price verdict): our value estimate, the comparables counted and their radius (null: nationwide). */
  estimate_price: number | null;
  market_count: number | null;
  market_radius: number | null;
  /** When the verdict was last computed (a later updated_at means a feed rewrote market_price). */
  verdict_at: number | null;
  /** When an operator cleared the listing after reports (reports before it no longer count). */
  reviewed_at: number | null;
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
  /** "premium" | "featured" | "standard" (SPEC 3: spotlight tiers). */
  tier: string;
  since: number;
}

export interface MetaTable {
  key: string;
  value: string;
}

export type MailStatus = "pending" | "sent" | "failed";

/** Outgoing mail (issue 6): pending until the sender delivers it; failed after the last retry. */
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
}

export type LeadKind = "email" | "offer";

/** An enquiry to a seller (issue 6): the contact form or a private seller's Make Offer. */
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
export interface ListingViewDayTable {
  listing_id: number;
  day: number;
  views: number;
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
}
export interface PriceAlertTable {
  id: Generated<number>;
  email: string;
  listing_id: number;
  last_alert_price: number;
  active: number;
  created_at: number;
}
export interface SentAlertTable {
  alert_key: string;
  sent_at: number;
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
  saved_searches: SavedSearchTable;
  price_alerts: PriceAlertTable;
  sent_alerts: SentAlertTable;
}
