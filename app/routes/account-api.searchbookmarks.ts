import type { Route } from "./+types/account-api.searchbookmarks";
import { searchBookmarksLoader } from "../server/accounts/account-api.server";

export async function loader({ request, url }: Route.LoaderArgs) {
  return searchBookmarksLoader(request, url);
}
