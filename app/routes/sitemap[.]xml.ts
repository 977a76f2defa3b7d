// GET /sitemap.xml: the index of the sitemap files (app/server/seo/sitemap.server.ts).
import { sitemapIndex } from "../server/seo/sitemap.server";

export function loader() {
  return sitemapIndex();
}
