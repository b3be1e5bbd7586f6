import { Logo, LogoMark } from '#app/components/logo'

/** Decorative icons of the driver area (the text beside them carries the meaning). */
const PATHS = {
  home: 'M3 11.5 12 4l9 7.5M5.5 10v10h5v-6h3v6h5V10',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0',
  bank: 'M3 9.5 12 4l9 5.5M5 10v8m4.5-8v8m5-8v8M19 10v8M3 20h18',
  settings: 'M4 7h10m4 0h2M4 17h4m4 0h8M16 5v4M10 15v4',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-2.5-11.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14m0 3h.01',
  shield: 'M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Z',
  close: 'M6 6l12 12M18 6 6 18',
  upload: 'M12 16V4m-5 5 5-5 5 5M4 16v4h16v-4',
  file: 'M6 3h8l4 4v14H6zM14 3v4h4',
  checklist: 'M9 3h6v3H9zM7 4.5H5V21h14V4.5h-2M8.5 13.5l2.5 2.5 4.5-5',
  briefcase: 'M3 8h18v12H3zM8.5 8V5h7v3M3 13.5h18',
  plus: 'M12 5v14M5 12h14',
  camera: 'M4 8h3l2-3h6l2 3h3v11H4zM12 17a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Z',
  chevron: 'M9 5l7 7-7 7',
  check: 'M5 12.5l4.5 4.5L19 7',
} as const

export type IconName = keyof typeof PATHS

export function Icon({ name, className = 'h-5 w-5' }: { name: IconName; className?: string }) {
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
      <path d={PATHS[name]} />
    </svg>
  )
}

/** The Fleeters logo (components/logo.tsx); on phones the mark alone leaves room for the driver's name. */
export function DriverLogo() {
  return (
    <>
      <svg viewBox="0 0 24 32" role="img" aria-label="Fleeters" className="h-7 w-auto sm:hidden">
        <LogoMark />
      </svg>
      <Logo className="hidden h-7 w-auto sm:block" />
    </>
  )
}
