import { type RouteConfig, index, route } from "@react-router/dev/routes";

// The URL map on one screen.
export default [
  index("routes/home.tsx"),
  route("cars-for-sale", "routes/cars-for-sale.tsx"),
  route("account/sign-in", "routes/account.sign-in.tsx"),
  route("account/saved", "routes/account.saved.tsx"),
  route("compare", "routes/compare.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("images/vehicles/:file", "routes/vehicle-image.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
