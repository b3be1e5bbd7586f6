/** The first stop of the keyboard on every layout: straight to the page's main content. */
export function SkipLink({ to = '#contenido' }: { to?: string }) {
  return (
    <a
      href={to}
      className={
        'sr-only focus:not-sr-only focus:absolute focus:inline-flex focus:min-h-11 ' +
        'focus:items-center focus:top-2 focus:left-2 focus:z-50 focus:rounded ' +
        'focus:bg-white focus:px-3 focus:py-2'
      }
    >
      Saltar al contenido
    </a>
  )
}
