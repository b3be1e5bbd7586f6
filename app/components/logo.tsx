/**
 * The Fleeters logo, apart from the icons: every area's header draws it, and a module of its own
 * keeps the public site's large WhatsApp icon (components/icons.tsx) and the driver area's icon
 * set (components/driver/icons.tsx) off the pages that only need the logo.
 */
export function LogoMark() {
  return (
    <>
      <rect x="0" y="4" width="24" height="24" rx="6" fill="#124a9c" />
      <path d="M7 11h11M7 16h8M7 21h5" stroke="#ffb020" strokeWidth="3" strokeLinecap="round" />
    </>
  )
}

export function Logo({ className = 'h-8 w-auto' }: { className?: string }) {
  return (
    <svg viewBox="0 0 140 32" role="img" aria-label="Fleeters" className={className}>
      <LogoMark />
      <text x="32" y="23" fontFamily="system-ui, sans-serif" fontSize="20" fontWeight="800" fill="#0c2a57">
        Fleeters
      </text>
    </svg>
  )
}

/** The logo's «log out» companion for the company's and the console's headers (the driver area has its icon set). */
export function LogoutIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10" />
    </svg>
  )
}
