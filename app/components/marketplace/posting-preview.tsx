import { useHydrated } from 'remix-utils/use-hydrated'
import type { DriverPosting } from '#app/.server/backend/marketplace'
import { PostingCard } from './posting-card'

/** A posting as the preview draws it: the drivers' card's own data, read from the editor's form. */
export type PreviewPosting = DriverPosting

/**
 * «Así la verán los conductores»: the very card of the drivers' lists (PostingCard), so the
 * preview cannot drift from what they see. With JS it follows the form; without JS it shows what
 * the last «Vista previa» sent (or the stored posting).
 */
export function PostingPreview({ posting }: { posting: PreviewPosting }) {
  const hydrated = useHydrated()
  return (
    <section aria-labelledby="vista-previa" className="space-y-3 lg:sticky lg:top-4">
      <h2 id="vista-previa" className="text-lg font-semibold text-slate-900">
        Así la verán los conductores
      </h2>
      {posting.title ? (
        <ul className="list-none" data-testid="vista-previa">
          <PostingCard posting={posting} href="#vista-previa" />
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">
          {hydrated
            ? 'Escribe el título y completa las secciones: la tarjeta aparece aquí mientras escribes.'
            : 'Completa las secciones y presiona «Vista previa» para ver la tarjeta.'}
        </p>
      )}
    </section>
  )
}
