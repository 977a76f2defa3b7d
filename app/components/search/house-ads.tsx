import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { FIXED_AD } from "../../lib/constants";
import type { HousePromo } from "./extras-types";

// Ad areas (ads flag, off by default). We run no ad network: the areas carry house promotions of
// our own searches, at the spec's sizes (mobile 320x50, desktop 728x90), labelled 'Advertisement'.

function AdBox({ promo }: { promo: HousePromo }) {
  return (
    <div className="flex h-[50px] w-[320px] items-center gap-3 overflow-hidden rounded-md border border-dashed border-slate-300 bg-white px-3 lg:h-[90px] lg:w-[728px]">
      <span className="text-[10px] font-semibold uppercase tracking-wide text-slate-500">Advertisement</span>
      <Link to={promo.href} className="min-w-0 flex-1 truncate font-semibold text-brand-800 hover:underline">
        {promo.title}
        <span className="font-normal text-slate-600 max-lg:hidden"> · {promo.text}</span>
      </Link>
    </div>
  );
}

/** The footer ad: one box above the site footer. */
export function FooterAd({ promo }: { promo: HousePromo }) {
  return (
    <div className="mx-auto mt-10 flex max-w-7xl justify-center px-4" data-ad="footer">
      <AdBox promo={promo} />
    </div>
  );
}

/**
 * The fixed bottom ad. Without JavaScript it is always shown; with it, it appears after the
 * shopper scrolls past 10% of the page and can be closed.
 */
export function FixedBottomAd({ promo }: { promo: HousePromo }) {
  const hydrated = useHydrated();
  const [scrolled, setScrolled] = useState(false);
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    const onScroll = () => {
      const max = document.documentElement.scrollHeight - window.innerHeight;
      if (max > 0 && window.scrollY / max >= FIXED_AD.scrollPercent / 100) setScrolled(true);
    };
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (closed || (hydrated && !scrolled)) return null;
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 flex items-center justify-center gap-2 border-t border-slate-200 bg-white/95 py-1 backdrop-blur" data-ad="fixed-bottom">
      <AdBox promo={promo} />
      {hydrated ? (
        <button type="button" onClick={() => setClosed(true)} className="rounded-md px-2 py-1 text-sm font-semibold text-slate-700 hover:bg-slate-100">
          Close<span className="sr-only"> advertisement</span>
        </button>
      ) : null}
    </div>
  );
}
