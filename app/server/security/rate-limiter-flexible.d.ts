// rate-limiter-flexible's base class for stores: typed in the package (types.d.ts) but not exported
// from its index, so app/server/security/rate-limit-store.server.ts imports the file itself.
declare module "rate-limiter-flexible/lib/RateLimiterStoreAbstract.js" {
  import { RateLimiterStoreAbstract } from "rate-limiter-flexible";
  export default RateLimiterStoreAbstract;
}
