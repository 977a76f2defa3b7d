import { PAYMENT_TERMS } from "../lib/loan";

/** The loan terms as a select's options ("60 months"), for the payment estimate and the wallet. */
export function TermOptions() {
  return PAYMENT_TERMS.map((t) => (
    <option key={t} value={t}>
      {t} months
    </option>
  ));
}
