// Phone numbers as links: one rule for every `tel:` link on the site (RFC 3966 global numbers).

/**
 * A `tel:` href for a phone number as it is shown ("(512) 555-0100", "512.555.0100",
 * "+1 512 555 0100"): digits only, in the global form "+15125550100". A US number (10 digits, or
 * 11 starting with 1) gets its +1; a number written with its own "+" keeps its country code.
 * Null when there are too few digits to dial.
 */
export function telHref(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const international = phone.trim().startsWith("+");
  const digits = phone.replace(/\D/g, "");
  if (international) return digits.length >= 7 && digits.length <= 15 ? `tel:+${digits}` : null;
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `tel:+${digits}`;
  return digits.length >= 7 && digits.length <= 15 ? `tel:${digits}` : null;
}
