// The website call-to-action of a car the eligibility service passes (docs/online-buying.md):
// 'Buy Online', leading to the deal form. Nothing for any other car.
import { BUY_ONLINE_CTA } from "../../lib/deals";

export function BuyOnlineCta({ href }: { href: string | null }) {
  if (!href) return null;
  return (
    <a href={href} className="mt-4 block rounded-lg border-2 border-brand-600 bg-white px-4 py-2.5 text-center font-semibold text-brand-700 hover:bg-brand-50">
      {BUY_ONLINE_CTA}
    </a>
  );
}
