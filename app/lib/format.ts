// Display formatting shared by server and browser.
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
