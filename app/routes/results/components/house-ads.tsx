import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useHydrated } from "../../../components/use-hydrated";
import { FIXED_AD, FIXED_AD_TRIGGER_ID, HOUSE_AD_PATH } from "../../../lib/constants";
import type { HousePromo } from "../view";

// Ad areas (ads flag, off by default). We run no ad network: the areas carry house promotions of
// our own searches, labelled 'Advertisement', at the spec's sizes: 300x50 on the narrowest
// phones, 320x50 on other phones, 728x90 on desktops and 970x90 on wide ones (CSS, no script).

function AdBox({ promo }: { promo: HousePromo }) {
  return (
    <div
      className={
        "flex h-[50px] w-[300px] items-center gap-3 overflow-hidden rounded-md border border-dashed " +
        "border-slate-300 bg-white px-3 min-[360px]:w-[320px] lg:h-[90px] lg:w-[728px] xl:w-[970px]"
      }
    >
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
    <div id={FIXED_AD_TRIGGER_ID} className="mx-auto mt-10 flex max-w-7xl justify-center px-4" data-ad="footer">
      <AdBox promo={promo} />
    </div>
  );
}

/** A modal dialog or an overlay is open (the ad does not refresh under it). */
const overlayOpen = () => document.querySelector("dialog[open],[aria-modal='true']") !== null;

/**
 * The fixed bottom ad (docs/placements.md, "Ads"). Without JavaScript it is always shown. With it:
 * shown once the shopper has scrolled past 10% of the page, hidden while the trigger element (the
 * footer ad) is on screen, so the two never show together; closable. It refreshes every 30 s while shown (never
 * while the page is hidden or a dialog is open), at most 10 times for a sold ad and 25 for a
 * fallback creative (every house promotion is one); each refresh asks the house-ad service for
 * the next creative, and one that has not loaded after 10 s is logged and the ad stays as it was.
 */
export function FixedBottomAd({ promo: first, searchHref, triggerId }: { promo: HousePromo; searchHref: string; triggerId: string }) {
  const hydrated = useHydrated();
  const [promo, setPromo] = useState(first);
  const [shown, setShown] = useState(false);
  const [closed, setClosed] = useState(false);
  const refreshes = useRef(0);
  // The creative showing is a fallback (a house promotion, as the server-rendered one is).
  const fallback = useRef(true);

  useEffect(() => {
    const trigger = document.getElementById(triggerId);
    let past = false;
    let inView = false;
    // Below the trigger (the footer ad) the fixed ad gives way: the two never show together.
    const update = () => setShown(past && !inView);
    const onScroll = () => {
      const max = document.documentElement.scrollHeight - window.innerHeight;
      past = max > 0 && window.scrollY / max >= FIXED_AD.scrollPercent / 100;
      update();
    };
    const io = trigger ? new IntersectionObserver((entries) => ((inView = entries.some((e) => e.isIntersecting)), update())) : null;
    if (trigger) io?.observe(trigger);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      io?.disconnect();
      window.removeEventListener("scroll", onScroll);
    };
  }, [triggerId]);

  const running = hydrated && shown && !closed;
  useEffect(() => {
    if (!running) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const refresh = () => {
      if (refreshes.current >= (fallback.current ? FIXED_AD.refreshLimitFallback : FIXED_AD.refreshLimit)) return clearInterval(timer);
      if (overlayOpen()) return;
      const n = ++refreshes.current;
      const ctl = new AbortController();
      const wait = setTimeout(() => ctl.abort(), FIXED_AD.loadWaitMs);
      fetch(`${HOUSE_AD_PATH}?${new URLSearchParams({ url: searchHref, n: String(n) })}`, { signal: ctl.signal })
        .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`status ${r.status}`))))
        .then((a: { promo: HousePromo; fallback: boolean }) => {
          fallback.current = a.fallback;
          setPromo(a.promo);
        })
        // "Fixed ad load failure after a 10 s wait: logged only": the ad keeps its creative.
        .catch((e: unknown) => console.warn(`fixed ad refresh ${n} did not load`, e))
        .finally(() => clearTimeout(wait));
    };
    const start = () => {
      clearInterval(timer);
      if (!document.hidden) timer = setInterval(refresh, FIXED_AD.refreshMs);
    };
    start();
    document.addEventListener("visibilitychange", start);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", start);
    };
  }, [running, searchHref]);

  if (closed || (hydrated && !shown)) return null;
  return (
    <div
      data-sticky-bar="bottom"
      className="fixed inset-x-0 bottom-0 z-30 flex justify-center border-t border-slate-200 bg-white/95 py-1 backdrop-blur"
      data-ad="fixed-bottom"
    >
      <AdBox promo={promo} />
      {hydrated ? (
        <button
          type="button"
          onClick={() => setClosed(true)}
          className={
            "absolute -top-7 left-2 rounded-t-md border border-b-0 border-slate-200 " +
            "bg-white px-2 py-0.5 text-sm font-semibold text-slate-700 hover:bg-slate-100"
          }
        >
          Close<span className="sr-only"> advertisement</span>
        </button>
      ) : null}
    </div>
  );
}
