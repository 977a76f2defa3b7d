import { SEARCH_RADIUS_OPTIONS } from "../../lib/constants";

export const radiusLabel = (miles: number) => (miles === 0 ? "Nationwide" : `${miles} miles`);

/** The ZIP input of the location editors (hero and filter panel): same name, rules and error wiring. */
export function ZipInput(props: { id: string; defaultValue: string; errorId?: string; error?: string | null; className: string }) {
  return (
    <input
      id={props.id}
      name="zip"
      defaultValue={props.defaultValue}
      inputMode="numeric"
      autoComplete="postal-code"
      maxLength={5}
      aria-invalid={props.error ? true : undefined}
      aria-describedby={props.error ? props.errorId : undefined}
      className={props.className}
    />
  );
}

/** The Distance select: the spec's radius options (0 = nationwide). */
export function RadiusSelect(props: { id: string; defaultValue: number; className: string }) {
  return (
    <select id={props.id} name="searchRadius" defaultValue={String(props.defaultValue)} className={props.className}>
      {SEARCH_RADIUS_OPTIONS.map((m) => (
        <option key={m} value={m}>
          {radiusLabel(m)}
        </option>
      ))}
    </select>
  );
}
