// Suggested filters 'Model Name Clarification' (docs/results-page.md):
// "Yes adds the suggested make and model to the filters and searches again. No dismisses. The
// checkbox 'Don't show me this again' stores the suggested model codes in a cookie."
// The form's names and the code format, shared by the page (model-clarification.tsx) and the
// server (app/routes/results/model-clarification.server.ts).

export const MODEL_CLARIFICATION = {
  /** The results route's form intent. */
  intent: "model-clarification",
  title: "Model Name Clarification",
  dontShowLabel: "Don't show me this again",
  /** How many model codes each cookie keeps (the most recent). */
  maxCodes: 50,
  /** 'Don't show me this again' lasts a year; 'No' lasts the browser session. */
  dontShowDays: 365,
} as const;

/** A suggested model's code as the cookie keeps it: `MAKE|MODEL`. */
export const MODEL_CODE_PATTERN = /^[A-Z0-9_-]{1,40}\|[A-Za-z0-9 _.-]{1,60}$/;

export function modelCodeOf(makeCode: string, modelCode: string): string {
  return `${makeCode}|${modelCode}`;
}

/** Adds `code` to a kept list (most recent last, no repeats, at most maxCodes). */
export function withCode(list: readonly string[], code: string): string[] {
  return [...list.filter((c) => c !== code), code].slice(-MODEL_CLARIFICATION.maxCodes);
}
