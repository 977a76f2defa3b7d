export function Logo({ className = "" }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#1d4fd8" />
      <path d="M7 20.5 9.6 14a3 3 0 0 1 2.8-1.9h7.2a3 3 0 0 1 2.8 1.9l2.6 6.5" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinejoin="round" />
      <rect x="6" y="19" width="20" height="5.5" rx="2" fill="#fff" />
      <circle cx="10.5" cy="24.5" r="2" fill="#f59e0b" />
      <circle cx="21.5" cy="24.5" r="2" fill="#f59e0b" />
    </svg>
  );
}
