// The comparison's shareable address: a read-only field to copy (a Copy button with JavaScript).
import { useState } from "react";
import { useHydrated } from "../use-hydrated";

export function ShareCompare({ url, fromCookie }: { url: string; fromCookie: boolean }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <div className="w-full max-w-md">
      <label htmlFor="compare-share" className="block text-sm font-semibold text-ink">
        {fromCookie ? "Share your compare list" : "Share this comparison"}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="compare-share"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5 text-sm text-slate-700"
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => {
              void navigator.clipboard?.writeText(url).then(
                () => setCopied(true),
                () => setCopied(false),
              );
            }}
            className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {copied ? "Copied" : "Copy link"}
          </button>
        ) : (
          <a href={url} className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700">
            Open link
          </a>
        )}
      </div>
    </div>
  );
}
