import { useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "../../../components/use-hydrated";
import type { ListingImage } from "../../../lib/listing";
import { ILLUSTRATION_LABEL, photoCountLabel, type ListingPhoto } from "../../../lib/photos";
import { IllustrationBadge, Photo } from "../../../components/photo";
import { Icon } from "../../../components/search/icons";

export const photoId = (i: number) => `photo-${i + 1}`;

const MAIN_SIZES = "(min-width:1280px) 840px, (min-width:1024px) 60vw, 100vw";
const THUMB_SIZES = "(min-width:1024px) 200px, 25vw";

/**
 * The listing's pictures as a swipeable carousel. Every picture is in the HTML and reachable
 * without JavaScript: the track scrolls (snap per picture) and each thumbnail is a link to its
 * picture's anchor (#photo-N). With JavaScript the thumbnails and arrows scroll the track in place,
 * the counter follows, and a photo opens in a full-screen viewer (arrows, Escape, swipe; focus
 * goes back where it was). Only the first picture loads eagerly. A listing without photos shows
 * its body-style drawings, labelled as illustrations (docs/photos.md).
 */
export function Gallery({ photos, illustrations, title }: { photos: ListingPhoto[]; illustrations: ListingImage[]; title: string }) {
  const hydrated = useHydrated();
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [viewing, setViewing] = useState<number | null>(null);
  const real = photos.length > 0;
  const n = real ? photos.length : illustrations.length;
  const alt = (i: number) => (real ? `${title}, photo ${i + 1} of ${n}` : illustrations[i].alt);

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
    <section aria-label={real ? "Photos" : "Illustrations"} className="min-w-0">
      <div className="relative overflow-hidden rounded-2xl bg-slate-100 shadow-sm ring-1 ring-slate-200">
        <div
          ref={track}
          tabIndex={0}
          role="group"
          aria-label={real ? `${photoCountLabel(n)}, scroll sideways for more` : `Illustrations, not photos of this car: ${ILLUSTRATION_LABEL}`}
          className={
            "flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain " +
            "[scrollbar-width:none] focus-visible:-outline-offset-4 [&::-webkit-scrollbar]:hidden"
          }
        >
          {real
            ? photos.map((p, i) => (
                <figure key={p.key} id={photoId(i)} className="w-full shrink-0 snap-start scroll-mt-24">
                  {hydrated ? (
                    <button
                      type="button"
                      onClick={() => setViewing(i)}
                      className="block w-full cursor-zoom-in"
                      aria-label={`View photo ${i + 1} of ${n} full screen`}
                    >
                      <Photo photo={p} alt={alt(i)} sizes={MAIN_SIZES} eager={i === 0} className="aspect-[4/3] w-full object-cover" />
                    </button>
                  ) : (
                    <Photo photo={p} alt={alt(i)} sizes={MAIN_SIZES} eager={i === 0} className="aspect-[4/3] w-full object-cover" />
                  )}
                </figure>
              ))
            : illustrations.map((img, i) => (
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
              className={
                "absolute left-3 top-1/2 grid size-10 -translate-y-1/2 place-items-center " +
                "rounded-full bg-white/90 text-ink shadow-md ring-1 ring-slate-200 hover:bg-white"
              }
            >
              <Icon name="next" className="size-5 rotate-180" />
              <span className="sr-only">Previous photo</span>
            </button>
            <button
              type="button"
              onClick={() => go(active + 1)}
              className={
                "absolute right-3 top-1/2 grid size-10 -translate-y-1/2 place-items-center " +
                "rounded-full bg-white/90 text-ink shadow-md ring-1 ring-slate-200 hover:bg-white"
              }
            >
              <Icon name="next" className="size-5" />
              <span className="sr-only">Next photo</span>
            </button>
          </>
        ) : null}
        {real ? (
          <p className="pointer-events-none absolute bottom-3 right-3 rounded-full bg-ink/70 px-2.5 py-1 text-xs font-medium text-white" aria-live="polite">
            {hydrated ? `${active + 1} / ${n}` : photoCountLabel(n)}
          </p>
        ) : (
          <IllustrationBadge className="absolute bottom-3 left-3" />
        )}
      </div>
      <ul className="mt-3 grid grid-cols-4 gap-2 max-sm:hidden sm:gap-3" aria-label={real ? "All photos" : "All illustrations"}>
        {Array.from({ length: n }, (_, i) => (
          <li key={real ? photos[i].key : illustrations[i].src}>
            <a
              href={`#${photoId(i)}`}
              aria-current={hydrated && i === active ? "true" : undefined}
              onClick={(e) => {
                if (!hydrated) return;
                e.preventDefault();
                go(i);
              }}
              className={
                `block overflow-hidden rounded-lg ring-2 transition hover:ring-brand-500 ` +
                `${hydrated && i === active ? "ring-brand-600" : "ring-transparent"}`
              }
            >
              {real ? (
                <Photo photo={photos[i]} alt="" sizes={THUMB_SIZES} className="aspect-[4/3] w-full bg-slate-100 object-cover" />
              ) : (
                <img
                  src={illustrations[i].src}
                  alt=""
                  width={200}
                  height={150}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] w-full bg-slate-100 object-cover"
                />
              )}
              <span className="sr-only">
                {real ? "Photo" : "Illustration"} {i + 1} of {n}: {alt(i)}
              </span>
            </a>
          </li>
        ))}
      </ul>
      {real && hydrated && viewing !== null ? (
        <PhotoViewer
          photos={photos}
          start={viewing}
          alt={alt}
          onClose={(last) => {
            setViewing(null);
            go(last);
          }}
        />
      ) : null}
    </section>
  );
}

/**
 * Full-screen photo viewer (JavaScript only; without it every photo is in the page already).
 * A modal <dialog>: ArrowLeft / ArrowRight step, Escape closes, a sideways swipe steps on a
 * phone; on close focus goes back to the element that opened it.
 */
function PhotoViewer({ photos, start, alt, onClose }: { photos: ListingPhoto[]; start: number; alt: (i: number) => string; onClose: (last: number) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const [i, setI] = useState(start);
  const n = photos.length;
  const step = useCallback((d: number) => setI((x) => (x + d + n) % n), [n]);
  const current = useRef(i);
  current.current = i;

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    opener.current = document.activeElement;
    d.showModal();
    const back = opener.current;
    return () => {
      if (back instanceof HTMLElement) back.focus({ preventScroll: true });
    };
  }, []);

  const touch = useRef<{ x: number; y: number } | null>(null);
  return (
    <dialog
      ref={dialog}
      aria-label={`Photo ${i + 1} of ${n}`}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-black p-0 text-white backdrop:bg-black/90"
      onClose={() => onClose(current.current)}
      onKeyDown={(e) => {
        if (e.key === "ArrowLeft") {
          e.preventDefault();
          step(-1);
        } else if (e.key === "ArrowRight") {
          e.preventDefault();
          step(1);
        }
      }}
      onTouchStart={(e) => (touch.current = { x: e.touches[0].clientX, y: e.touches[0].clientY })}
      onTouchEnd={(e) => {
        const s = touch.current;
        touch.current = null;
        if (!s) return;
        const dx = e.changedTouches[0].clientX - s.x;
        const dy = e.changedTouches[0].clientY - s.y;
        if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(dy)) step(dx < 0 ? 1 : -1);
      }}
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-2 p-3">
          <p className="text-sm font-medium" aria-live="polite">
            {i + 1} / {n}
          </p>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="rounded-full bg-white/15 px-4 py-2 text-sm font-semibold hover:bg-white/25"
            autoFocus
          >
            Close
          </button>
        </div>
        <div className="relative flex min-h-0 flex-1 items-center justify-center">
          <Photo key={photos[i].key} photo={photos[i]} alt={alt(i)} sizes="100vw" eager className="max-h-full max-w-full object-contain" />
          {n > 1 ? (
            <>
              <button
                type="button"
                onClick={() => step(-1)}
                className="absolute left-3 top-1/2 grid size-12 -translate-y-1/2 place-items-center rounded-full bg-white/15 hover:bg-white/30"
              >
                <Icon name="next" className="size-6 rotate-180" />
                <span className="sr-only">Previous photo</span>
              </button>
              <button
                type="button"
                onClick={() => step(1)}
                className="absolute right-3 top-1/2 grid size-12 -translate-y-1/2 place-items-center rounded-full bg-white/15 hover:bg-white/30"
              >
                <Icon name="next" className="size-6" />
                <span className="sr-only">Next photo</span>
              </button>
            </>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}
