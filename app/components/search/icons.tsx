// The results page's icons, defined once per page and used by reference (a card's three icons
// inline cost more than the card's text). Styled by the `.icon` class in app.css.
const ICONS = {
  compare: "M4 6h7v12H4zM13 6h7v12h-7z",
  check: "M5 12l5 5L20 7",
  share: "M4 12v7h16v-7M12 3v12M7 8l5-5 5 5",
  report: "M5 21V4h11l-1.5 4L16 12H5",
  down: "M12 5v14M6 13l6 6 6-6",
  up: "M12 19V5M6 11l6-6 6 6",
  level: "M5 12h14",
  chevron: "M6 9l6 6 6-6",
  next: "M9 6l6 6-6 6",
  close: "M6 6l12 12M18 6L6 18",
  filter: "M4 6h16M7 12h10M10 18h4",
} as const;

export type IconName = keyof typeof ICONS;

export function IconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute">
      {Object.entries(ICONS).map(([name, d]) => (
        <symbol key={name} id={`i-${name}`} viewBox="0 0 24 24">
          <path d={d} />
        </symbol>
      ))}
    </svg>
  );
}

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={className ? `icon ${className}` : "icon"}>
      <use href={`#i-${name}`} />
    </svg>
  );
}
