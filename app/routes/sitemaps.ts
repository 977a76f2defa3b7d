// GET /sitemaps/categories.xml and /sitemaps/vehicles-{n}.xml (app/server/seo/sitemap.server.ts).
import type { Route } from "./+types/sitemaps";
import { sitemapFile } from "../server/seo/sitemap.server";

export function loader({ params }: Route.LoaderArgs) {
  return sitemapFile(params.name ?? "");
}
