import { data } from "react-router";
import type { Route } from "./+types/account-api.search";
import { searchCallAction } from "../server/accounts/account-api.server";

export function loader() {
  return data({ error: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  return searchCallAction(request);
}
