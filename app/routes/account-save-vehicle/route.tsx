// POST target of the save-vehicle heart (a plain form without JavaScript, a fetcher with it).
import { redirect } from "react-router";
import type { Route } from "./+types/route";
import { PATHS } from "../../lib/routes";
import { saveVehicleAction } from "./action.server";

export function loader() {
  return redirect(PATHS.saved);
}

export async function action({ request }: Route.ActionArgs) {
  return saveVehicleAction(request);
}
