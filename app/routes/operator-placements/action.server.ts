// The placements screen's form: one dealer's tier set or removed, with a message beside the field
// when the form is wrong (nothing stored), then back to the screen (303).
import { data, redirect } from "react-router";
import { z } from "zod";
import { requireOperator } from "../../server/accounts/operator.server.ts";
import { getDatabase } from "../../server/db/connection.server.ts";
import { PLACEMENT_TIERS } from "../../server/inventory/placements.server.ts";
import { setPlacement } from "../../server/placements/operator-placements.server.ts";
import { PATHS } from "../../lib/routes.ts";

const placementForm = z.object({
  dealerId: z.string().trim().min(1).max(40),
  tier: z.enum([...PLACEMENT_TIERS, "none"]),
});

export type PlacementReply = { errors: { dealerId?: string; tier?: string }; values: { dealerId: string; tier: string } };

export async function operatorPlacementsAction(request: Request) {
  await requireOperator(request);
  const form = Object.fromEntries(await request.formData());
  const values = { dealerId: String(form.dealerId ?? "").slice(0, 40), tier: String(form.tier ?? "").slice(0, 20) };
  const parsed = placementForm.safeParse(values);
  if (!parsed.success) {
    const errors: PlacementReply["errors"] = {};
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === "dealerId") errors.dealerId = "Enter the dealer's id, for example DLR-000123.";
      if (issue.path[0] === "tier") errors.tier = "Choose premium, featured, standard or none.";
    }
    return data<PlacementReply>({ errors, values }, { status: 400 });
  }
  const done = await setPlacement(await getDatabase(), parsed.data.dealerId, parsed.data.tier);
  if (done === "unknown") return data<PlacementReply>({ errors: { dealerId: `No dealer has the id ${parsed.data.dealerId}.` }, values }, { status: 400 });
  return redirect(`${PATHS.operatorPlacements}?done=${done}`, 303);
}
