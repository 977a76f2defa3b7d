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
  mail: "M3 6h18v12H3zM3 7l9 6 9-6",
  sort: "M7 4v16M4 17l3 3 3-3M17 20V4M14 7l3-3 3 3",
  bell: "M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zM10 21h4",
  phone: "M5 4h4l2 5-3 2a11 11 0 0 0 5 5l2-3 5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z",
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
