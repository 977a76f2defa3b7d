// The car a deal is for: photo (when the dealer sent one), title, price, seller.
import { Link } from "react-router";
import { formatPrice } from "../../lib/format";
import type { DealCar } from "../../lib/deals";

export function DealCarSummary({ car }: { car: DealCar }) {
  return (
    <div className="mt-4 flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-3">
      {car.photo ? <img src={car.photo} alt={`${car.title}, photo 1`} className="h-20 w-28 rounded-lg object-cover" width={112} height={80} /> : null}
      <div>
        <p className="font-semibold text-ink">
          <Link to={car.vehicleHref} className="hover:underline">
            {car.title}
          </Link>
        </p>
        <p className="text-lg font-bold text-ink">{formatPrice(car.price)}</p>
        <p className="text-sm text-slate-600">
          {car.sellerName} · {car.city}, {car.state}
        </p>
      </div>
    </div>
  );
}
