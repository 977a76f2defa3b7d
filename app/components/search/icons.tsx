// The site's icons: one empty element each, drawn by the `.icon` and `.i-{name}` classes in
// app.css (a mask in the text colour), so an icon is a single element and needs no sprite.
export const ICON_NAMES = [
  "compare",
  "check",
  "share",
  "report",
  "down",
  "up",
  "level",
  "chevron",
  "next",
  "close",
  "filter",
  "mail",
  "sort",
  "bell",
  "phone",
  "chat",
  "heart",
  "heart-filled",
  "search",
  "warning",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/**
 * Classes that draw the icon before an element's own content (a `::before`, no element of its
 * own): for what repeats on every card. The element lays it out like a first child.
 */
export function leadingIcon(name: IconName): string {
  return `icon-before i-${name}`;
}

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <span aria-hidden="true" className={`icon i-${name}${className ? ` ${className}` : ""}`} />;
}
