/** Small inline icons (decorative: the text beside them carries the meaning). */
export function WhatsAppIcon({ className = 'h-7 w-7' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className} fill="currentColor">
      <path d="M16.04 3C8.86 3 3.04 8.8 3.04 15.96c0 2.29.6 4.52 1.74 6.49L3 29l6.73-1.76a13 13 0 0 0 6.3 1.61h.01c7.17 0 13-5.8 13-12.95C29.04 8.8 23.2 3 16.04 3zm0 23.67h-.01a10.8 10.8 0 0 1-5.5-1.5l-.4-.23-4 1.04 1.07-3.89-.26-.4a10.7 10.7 0 0 1-1.66-5.73c0-5.95 4.86-10.8 10.83-10.8 5.96 0 10.8 4.85 10.8 10.8 0 5.96-4.86 10.71-10.87 10.71zm5.93-8.03c-.32-.16-1.93-.95-2.23-1.06-.3-.11-.52-.16-.74.16-.21.32-.85 1.06-1.04 1.28-.19.21-.38.24-.7.08-.33-.16-1.38-.5-2.62-1.6-.97-.86-1.62-1.92-1.81-2.24-.19-.32-.02-.5.14-.65.15-.15.33-.38.49-.57.16-.19.21-.32.32-.54.1-.21.05-.4-.03-.56-.08-.16-.73-1.76-1-2.41-.27-.63-.54-.55-.74-.56h-.63c-.21 0-.56.08-.86.4-.3.32-1.13 1.1-1.13 2.69 0 1.58 1.16 3.12 1.32 3.33.16.21 2.28 3.47 5.52 4.87.77.33 1.37.53 1.84.68.77.24 1.48.21 2.03.13.62-.09 1.93-.79 2.2-1.55.27-.76.27-1.41.19-1.55-.08-.13-.29-.21-.62-.37z" />
    </svg>
  )
}

export function MenuIcon({ className = 'h-6 w-6' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  )
}

export function Logo({ className = 'h-8 w-auto' }: { className?: string }) {
  return (
    <svg viewBox="0 0 140 32" role="img" aria-label="Fleeters" className={className}>
      <rect x="0" y="4" width="24" height="24" rx="6" fill="#124a9c" />
      <path d="M7 11h11M7 16h8M7 21h5" stroke="#ffb020" strokeWidth="3" strokeLinecap="round" />
      <text x="32" y="23" fontFamily="system-ui, sans-serif" fontSize="20" fontWeight="800" fill="#0c2a57">
        Fleeters
      </text>
    </svg>
  )
}
