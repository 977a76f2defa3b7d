import type { Route } from "./+types/account-api.share-bookmark";
import { shareBookmarkLoader } from "../server/accounts/account-api.server";

export async function loader({ params }: Route.LoaderArgs) {
  return shareBookmarkLoader(params.bookmarkId);
}
