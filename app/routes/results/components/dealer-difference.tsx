// The 'dealer difference' dialog (docs/results-page.md), opened from the Seller Type
// filter: what changes between buying from a dealer and from a private seller. Like every dialog
// of the page (info-dialog.tsx) its trigger is a link to the dialog's id: without JavaScript the
// dialog shows inline while it is the page's :target, with JavaScript it opens modally.
import { MONEY_BACK_GUARANTEE } from "../../../lib/constants";
import { formatInt } from "../../../lib/format";
import { InfoDialog } from "../../../components/search/info-dialog";

export const DEALER_DIFFERENCE_ID = "dealer-difference";

const ROWS: { topic: string; dealer: string; seller: string }[] = [
  {
    topic: "What Forecourt checks",
    dealer:
      "The listing is checked against similar cars for its price rating and stays on the site " +
      "only while the dealer's feed lists it. The dealer's name, address and phone are shown.",
    seller:
      "The same price rating against similar cars. The seller is a person, not a business: " +
      "meet somewhere public, see the title and check the history before you pay.",
  },
  {
    topic: "Returns",
    dealer:
      `Dealers in the Money Back Guarantee program take the car back within ${MONEY_BACK_GUARANTEE.days} ` +
      `days or ${formatInt(MONEY_BACK_GUARANTEE.miles)} miles; other dealers set their own terms.`,
    seller: "Sold as is: no returns once you have paid.",
  },
  {
    topic: "Financing",
    dealer: "Dealers arrange loans and leases and take trade-ins.",
    seller: "Arrange your own loan before you buy; no trade-ins.",
  },
  {
    topic: "Fees",
    dealer: "Dealers may add documentation and dealer fees to the price: ask for the out-the-door price.",
    seller: "No dealer fees; you pay tax, title and registration yourself.",
  },
];

/** 'Dealer or private seller?': a link that opens the dialog, for the Seller Type filter. */
export function DealerDifference() {
  return (
    <InfoDialog
      id={DEALER_DIFFERENCE_ID}
      title="Buying from a dealer or a private seller"
      trigger="Dealer or private seller: what is the difference?"
      triggerClassName="mt-2 inline-block px-1 text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
    >
      <table className="w-full border-collapse text-left align-top">
        <thead>
          <tr>
            <th scope="col" className="sr-only">
              Topic
            </th>
            <th scope="col" className="border-b border-slate-200 py-2 pr-3 font-semibold text-ink">
              Dealer
            </th>
            <th scope="col" className="border-b border-slate-200 py-2 font-semibold text-ink">
              Private seller
            </th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map((r) => (
            <tr key={r.topic} className="align-top">
              <th scope="row" className="w-28 py-2 pr-3 font-semibold text-ink">
                {r.topic}
              </th>
              <td className="py-2 pr-3">{r.dealer}</td>
              <td className="py-2">{r.seller}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </InfoDialog>
  );
}
