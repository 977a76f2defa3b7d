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
] as const;

export type IconName = (typeof ICON_NAMES)[number];

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <span aria-hidden="true" className={`icon i-${name}${className ? ` ${className}` : ""}`} />;
}
