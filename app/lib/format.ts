// Display formatting shared by server and browser. Numbers go through these formatters, made
// once: `n.toLocaleString("en-US")` builds a formatter on every call (about 40 times slower; a
// results page formats hundreds of numbers).
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const int = new Intl.NumberFormat("en-US");

export function formatPrice(value: number): string {
  return usd.format(value);
}

export function formatMiles(value: number): string {
  return `${int.format(value)} mi`;
}

export function formatInt(value: number): string {
  return int.format(value);
}

export const DEAL_LABELS: Record<string, string> = {
  great: "Great Deal",
  good: "Good Deal",
  fair: "Fair Price",
  high: "High Price",
};
