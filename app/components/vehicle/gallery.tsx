import { useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { ListingImage } from "../../lib/listing";
import { Icon } from "../search/icons";

export const photoId = (i: number) => `photo-${i + 1}`;

/**
 * The listing's pictures as a swipeable carousel. Every picture is in the HTML and reachable
 * without JavaScript: the track scrolls (snap per picture) and each thumbnail is a link to its
 * picture's anchor (#photo-N). With JavaScript the thumbnails and arrows scroll the track in place
 * and the counter follows. Only the first picture loads eagerly.
 */
export function Gallery({ images }: { images: ListingImage[] }) {
  const hydrated = useHydrated();
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const n = images.length;

  const go = useCallback(
    (i: number) => {
      const t = track.current;
      if (!t) return;
      const next = (i + n) % n;
      t.scrollTo({ left: next * t.clientWidth, behavior: "smooth" });
      setActive(next);
    },
    [n],
  );

  useEffect(() => {
    const t = track.current;
    if (!t) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setActive(Math.round(t.scrollLeft / Math.max(1, t.clientWidth))));
    };
    t.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      t.removeEventListener("scroll", onScroll);
    };
  }, []);

  return (
    <section aria-label="Photos" className="min-w-0">
      <div className="relative overflow-hidden rounded-2xl bg-slate-100 shadow-sm ring-1 ring-slate-200">
        <div
          ref={track}
          tabIndex={0}
          aria-label={`${n} photos, scroll sideways for more`}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        >
          {images.map((img, i) => (
            <figure key={img.src} id={photoId(i)} className="w-full shrink-0 snap-start scroll-mt-24">
              <img
                src={img.src}
                alt={img.alt}
                width={800}
                height={600}
                loading={i === 0 ? "eager" : "lazy"}
                fetchPriority={i === 0 ? "high" : undefined}
                decoding="async"
                className="aspect-[4/3] w-full object-cover"
              />
            </figure>
          ))}
        </div>
        {hydrated && n > 1 ? (
          <>
            <button
              type="button"
              onClick={() => go(active - 1)}
              className="absolute left-3 top-1/2 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-ink shadow-md ring-1 ring-slate-200 hover:bg-white"
            >
              <Icon name="next" className="size-5 rotate-180" />
              <span className="sr-only">Previous photo</span>
            </button>
            <button
              type="button"
              onClick={() => go(active + 1)}
              className="absolute right-3 top-1/2 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-ink shadow-md ring-1 ring-slate-200 hover:bg-white"
            >
              <Icon name="next" className="size-5" />
              <span className="sr-only">Next photo</span>
            </button>
          </>
        ) : null}
        <p className="pointer-events-none absolute bottom-3 right-3 rounded-full bg-ink/70 px-2.5 py-1 text-xs font-medium text-white" aria-live="polite">
          {hydrated ? `${active + 1} / ${n}` : `${n} photos`}
        </p>
      </div>
      <ul className="mt-3 grid grid-cols-4 gap-2 sm:gap-3" aria-label="All photos">
        {images.map((img, i) => (
          <li key={img.src}>
            <a
              href={`#${photoId(i)}`}
              aria-current={hydrated && i === active ? "true" : undefined}
              onClick={(e) => {
                if (!hydrated) return;
                e.preventDefault();
                go(i);
              }}
              className={`block overflow-hidden rounded-lg ring-2 transition hover:ring-brand-500 ${hydrated && i === active ? "ring-brand-600" : "ring-transparent"}`}
            >
              <img src={img.src} alt="" width={200} height={150} loading="lazy" decoding="async" className="aspect-[4/3] w-full bg-slate-100 object-cover" />
              <span className="sr-only">
                Photo {i + 1} of {n}: {img.alt}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
