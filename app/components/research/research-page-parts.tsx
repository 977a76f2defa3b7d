// Pieces the research pages share (docs/model-research.md): the review forms' buttons and the
// pages' error screen.
import { Link, isRouteErrorResponse } from "react-router";
import { PATHS } from "../../lib/routes";
import { primaryButton, secondaryButton } from "../account/field";

/**
 * A review form's buttons: 'Submit review', or 'Save changes' and 'Delete review' for the author's
 * own review. Delete skips the browser's checks: a half-edited form can still be deleted.
 */
export function ReviewFormActions({ existing }: { existing: boolean }) {
  return (
    <div className="flex flex-wrap gap-3">
      <button type="submit" name="intent" value="save" className={primaryButton}>
        {existing ? "Save changes" : "Submit review"}
      </button>
      {existing ? (
        <button type="submit" name="intent" value="delete" formNoValidate className={secondaryButton}>
          Delete review
        </button>
      ) : null}
    </div>
  );
}

/** A research page's error screen: `notFound` when the page answered 404, else a plain apology; a way back to the search either way. */
export function ResearchErrorPage({ error, notFound, width = "max-w-2xl" }: { error: unknown; notFound: string; width?: string }) {
  return (
    <main className={`mx-auto ${width} px-4 py-10`}>
      <h1 className="text-2xl font-bold">{isRouteErrorResponse(error) && error.status === 404 ? notFound : "Something went wrong"}</h1>
      <p className="mt-3">
        <Link to={PATHS.search} className="font-semibold text-brand-700 hover:underline">
          Search cars for sale
        </Link>
      </p>
    </main>
  );
}
