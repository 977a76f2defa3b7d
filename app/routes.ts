import { type RouteConfig, index, route } from "@react-router/dev/routes";

// The URL map on one screen.
export default [
  index("routes/home/route.tsx", { id: "routes/home" }),
  // Each page is one folder (docs/architecture.md); route ids stay those of the files before.
  route("cars-for-sale", "routes/results/route.tsx", { id: "routes/cars-for-sale" }),
  // Infinite scroll's next batch as JSON (the page's 'See More Results' link without JavaScript).
  route("cars-for-sale-batch", "routes/results/batch.ts", { id: "routes/results-batch" }),
  // A results page's filter sections in full as JSON: the choices its document leaves out (ADR 032).
  route("cars-for-sale-filters", "routes/results/filters.ts", { id: "routes/results-filters" }),
  // Still Interested for every shopper (decision 023).
  route("cars-for-sale/svc/listing-view-count", "routes/svc.listing-view-count.ts"),
  route("cars-for-sale/svc/browsing-history", "routes/svc.browsing-history.ts"),
  route("cars-for-sale/svc/still-interested", "routes/svc.still-interested.ts"),
  // The fixed bottom ad's refresh (docs/placements.md, "Ads").
  route("cars-for-sale/svc/house-ad", "routes/results/house-ad.ts", { id: "routes/results-house-ad" }),
  // Web push device registration (decision 023).
  route("cars-for-sale/consumer-device/browser", "routes/consumer-device.browser.ts"),
  route("cars-for-sale/vehicle/:listingId", "routes/vehicle/route.tsx", { id: "routes/cars-for-sale.vehicle" }),
  // Online buying and deals (docs/online-buying.md, ADR 028).
  route("cars-for-sale/vehicle/:listingId/buy-online", "routes/buy-online/route.tsx", { id: "routes/buy-online" }),
  route("deal/:dealId", "routes/deal/route.tsx", { id: "routes/deal" }),
  route("my-wallet/share-dealxg/deals", "routes/deals.api.ts"),
  route("my-wallet/share-dealxg/deals/id/:id", "routes/deals.api-id.ts"),
  route("rest/lsc/eligibility", "routes/rest.eligibility.ts"),
  // Category paths (/cars-for-sale/used/toyota/rav4 ...); parsed by app/lib/search-url.ts.
  route("cars-for-sale/*", "routes/results/route.tsx", { id: "routes/cars-for-sale.category" }),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("sitemaps/:name", "routes/sitemaps.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("account/sign-in", "routes/account-sign-in/route.tsx", { id: "routes/account.sign-in" }),
  route("account/saved", "routes/account-saved/route.tsx", { id: "routes/account.saved" }),
  route("account", "routes/account/route.tsx", { id: "routes/account" }),
  route("account/sign-up", "routes/account-sign-up/route.tsx", { id: "routes/account.sign-up" }),
  route("account/sign-out", "routes/account-sign-out/route.tsx", { id: "routes/account.sign-out" }),
  route("account/save-vehicle", "routes/account-save-vehicle/route.tsx", { id: "routes/account.save-vehicle" }),
  route("account/one-click-email", "routes/account-one-click-email/route.tsx", { id: "routes/account.one-click-email" }),
  route("account/save-search", "routes/account-save-search/route.tsx", { id: "routes/account.save-search" }),
  route("account/unsubscribe", "routes/account-unsubscribe/route.tsx", { id: "routes/account.unsubscribe" }),
  route("account/verify-email", "routes/account-verify-email/route.tsx", { id: "routes/account.verify-email" }),
  route("account/price-alert", "routes/account-price-alert/route.tsx", { id: "routes/account.price-alert" }),
  // The spec's saved-search calls (section 7).
  route("account-api/searchbookmarks", "routes/account-api.searchbookmarks.ts"),
  route("account-api/searchbookmarks/share-bookmark/:bookmarkId", "routes/account-api.share-bookmark.ts"),
  route("account-api/search", "routes/account-api.search.ts"),
  route("wallet", "routes/wallet/route.tsx", { id: "routes/wallet" }),
  route("compare", "routes/compare/route.tsx", { id: "routes/compare" }),
  route("compare/trims", "routes/compare-trims/route.tsx", { id: "routes/compare.trims" }),
  route("build-and-price", "routes/build-and-price/route.tsx", { id: "routes/build-and-price" }),
  route("healthz", "routes/healthz.ts"),
  route("dev/mail", "routes/dev-mail/route.tsx", { id: "routes/dev.mail" }),
  route("operator/reports", "routes/operator-reports/route.tsx", { id: "routes/operator.reports" }),
  route("operator/reviews", "routes/operator-reviews/route.tsx", { id: "routes/operator.reviews" }),
  route("operator/analytics", "routes/operator-analytics/route.tsx", { id: "routes/operator.analytics" }),
  route("operator/placements", "routes/operator-placements/route.tsx", { id: "routes/operator.placements" }),
  route("research/:make/:model/:year/reviews", "routes/research-reviews/route.tsx", { id: "routes/research.reviews" }),
  route("reviews/write", "routes/reviews-write/route.tsx", { id: "routes/reviews.write" }),
  route("reviews/helpful", "routes/reviews-helpful/route.tsx", { id: "routes/reviews.helpful" }),
  route("reviews/dealer", "routes/reviews-dealer/route.tsx", { id: "routes/reviews.dealer" }),
  route("account/reviews", "routes/account-reviews/route.tsx", { id: "routes/account.reviews" }),
  // The spec's services (section 7), as JSON resource routes.
  route("rest/lsc/listing", "routes/rest.listing.ts"),
  route("rest/lsc/listing/similar", "routes/rest.listing-similar.ts"),
  route("rest/lsc/listing/spotlight/premiumresults", "routes/rest.spotlight-premium.ts"),
  route("rest/lsc/listing/spotlight/results", "routes/rest.spotlight-results.ts"),
  route("rest/lsc/listing/spotlight/vehiclehighlight", "routes/rest.spotlight-highlights.ts"),
  route("rest/lsc/newcarboost/listing", "routes/rest.newcarboost.ts"),
  route("rest/lsc/listing/count", "routes/rest.listing-count.ts"),
  route("rest/lsc/marketplace/suggested/keywords/:text", "routes/rest.suggested-keywords.ts"),
  route("cars-for-sale/searchoptions/packages", "routes/rest.packages.ts"),
  route("rest/lsc/reference/:name", "routes/rest.reference.ts"),
  route("rest/lsc/zip/:zip", "routes/rest.zip.ts"),
  route("rest/lsc/crawl/stats/mileage", "routes/rest.crawl-mileage.ts"),
  route("rest/lsc/crawl/:kind", "routes/rest.crawl-links.ts"),
  route("rest/lsc/modelinfo/ymm", "routes/rest.modelinfo-ymm.ts"),
  route("rest/lsc/research/vehicles", "routes/rest.research-vehicles.ts"),
  route("rest/lsc/research/consumer-ratings", "routes/rest.research-consumer-ratings.ts"),
  route("rest/lsc/research/safety", "routes/rest.research-safety.ts"),
  route("rest/lsc/research/expert-review", "routes/rest.research-expert-review.ts"),
  route("research/expert/:id", "routes/research-expert/route.tsx", { id: "routes/research.expert" }),
  route("operator/expert-reviews", "routes/operator-expert-reviews/route.tsx", { id: "routes/operator.expert-reviews" }),
  route("images/vehicles/:file", "routes/vehicle-image.ts"),
  // The certified program content the certified dialog shows (docs/services.md).
  route("content/static/json/atc/cpo/certifiedcontent.json", "routes/certified-content.ts"),
  // The certified-sponsor content fetch by productId (docs/services.md).
  route("content/static/json/atc/cpo/sponsorcontent.json", "routes/certified-sponsor.ts"),
  route("*", "routes/not-found/route.tsx", { id: "routes/not-found" }),
] satisfies RouteConfig;
