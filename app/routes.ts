import { type RouteConfig, index, route } from "@react-router/dev/routes";

// The URL map on one screen.
export default [
  index("routes/home.tsx"),
  route("cars-for-sale", "routes/cars-for-sale.tsx"),
  // Infinite scroll's next batch as JSON (the page's 'See More Results' link without JavaScript).
  route("cars-for-sale-batch", "routes/results-batch.ts"),
  route("cars-for-sale/vehicle/:listingId", "routes/cars-for-sale.vehicle.tsx"),
  // Category paths (/cars-for-sale/used/toyota/rav4 ...); parsed by app/lib/search-url.ts.
  route("cars-for-sale/*", "routes/cars-for-sale.category.tsx"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("account/sign-in", "routes/account.sign-in.tsx"),
  route("account/saved", "routes/account.saved.tsx"),
  route("account", "routes/account.tsx"),
  route("account/sign-up", "routes/account.sign-up.tsx"),
  route("account/sign-out", "routes/account.sign-out.tsx"),
  route("account/save-vehicle", "routes/account.save-vehicle.tsx"),
  route("account/save-search", "routes/account.save-search.tsx"),
  route("account/unsubscribe", "routes/account.unsubscribe.tsx"),
  route("account/price-alert", "routes/account.price-alert.tsx"),
  // The spec's saved-search calls (section 7).
  route("account-api/searchbookmarks", "routes/account-api.searchbookmarks.ts"),
  route("account-api/searchbookmarks/share-bookmark/:bookmarkId", "routes/account-api.share-bookmark.ts"),
  route("account-api/search", "routes/account-api.search.ts"),
  route("wallet", "routes/wallet.tsx"),
  route("compare", "routes/compare.tsx"),
  route("compare/trims", "routes/compare.trims.tsx"),
  route("build-and-price", "routes/build-and-price.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("dev/mail", "routes/dev.mail.tsx"),
  route("operator/reports", "routes/operator.reports.tsx"),
  // The spec's services (section 7), as JSON resource routes.
  route("rest/lsc/listing", "routes/rest.listing.ts"),
  route("rest/lsc/listing/similar", "routes/rest.listing-similar.ts"),
  route("rest/lsc/listing/count", "routes/rest.listing-count.ts"),
  route("rest/lsc/marketplace/suggested/keywords/:text", "routes/rest.suggested-keywords.ts"),
  route("cars-for-sale/searchoptions/packages", "routes/rest.packages.ts"),
  route("rest/lsc/reference/:name", "routes/rest.reference.ts"),
  route("rest/lsc/zip/:zip", "routes/rest.zip.ts"),
  route("rest/lsc/crawl/stats/mileage", "routes/rest.crawl-mileage.ts"),
  route("rest/lsc/crawl/:kind", "routes/rest.crawl-links.ts"),
  route("rest/lsc/modelinfo/ymm", "routes/rest.modelinfo-ymm.ts"),
  route("images/vehicles/:file", "routes/vehicle-image.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
