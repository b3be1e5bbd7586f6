import { Link } from 'react-router'
import { buttonClass } from '#app/components/ui/button'
import type { PostingsForYou } from '#domain/contract/postings'
import { PostingCard } from './posting-card'
import { postingPath } from './posting-links'

/** Whom the section matched on, in words: «Furgón · Providencia y Santiago Centro». */
function basisText({ vehicles, communes }: Pick<PostingsForYou, 'vehicles' | 'communes'>): string {
  const list = (names: string[]) =>
    names.length > 1 ? `${names.slice(0, -1).join(', ')} y ${names.at(-1)}` : (names[0] ?? '')
  return [list(vehicles.map((v) => v.name_vehicle)), list(communes.map((c) => c.name_commune))]
    .filter(Boolean)
    .join(' · ')
}

/** How the section says where its vehicles and communes came from. */
const SOURCE_TEXT: Record<NonNullable<PostingsForYou['source']>, string> = {
  profile: 'Según tu perfil',
  profile_activity: 'Según tu perfil y lo que postulas y guardas',
  profile_address: 'Según tu perfil y la comuna de tu dirección',
  activity: 'Según lo que postulas y guardas',
  address: 'Según la comuna de tu dirección',
}

/**
 * «Ofertas para ti» on the driver home: a few open postings for the
 * vehicles and communes the driver has shown (services/users/postings/for-you.ts), each a link to
 * the posting, «Ver todas» to the list filtered alike, and an empty state that says what helps.
 */
export function PostingsForYouSection({ data, allHref }: { data: PostingsForYou; allHref: string }) {
  const basis = basisText(data)
  return (
    <section aria-labelledby="para-ti" className="space-y-3" data-testid="publicaciones-para-ti">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="para-ti" className="text-lg font-semibold text-slate-900">
          Ofertas para ti
        </h2>
        {data.jobPostings.length ? (
          <Link
            to={allHref}
            className="inline-flex min-h-11 items-center font-medium text-brand-700 underline hover:text-brand-800"
          >
            Ver todas
          </Link>
        ) : null}
      </div>
      {basis ? (
        <p className="text-sm text-slate-700">
          {SOURCE_TEXT[data.source ?? 'activity']}: {basis}.
        </p>
      ) : null}
      {data.jobPostings.length ? (
        <ul className="space-y-3" aria-label="Ofertas para ti">
          {data.jobPostings.map((p) => (
            <PostingCard key={p.id} posting={p} href={postingPath(p.id)} />
          ))}
        </ul>
      ) : (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-5 text-slate-700">
          <p className="font-medium text-slate-900">
            {basis ? 'Por ahora no hay ofertas nuevas para ti.' : 'Aún no sabemos qué ofertas buscas.'}
          </p>
          <p className="mt-1 text-sm">
            {basis
              ? 'Te mostraremos aquí las que lleguen. Mientras tanto, revisa todas las ofertas.'
              : 'Indica tu tipo de vehículo y tu comuna en «Mi perfil», o guarda o postula a las ' +
                'ofertas que te interesen, y aquí verás otras parecidas.'}
          </p>
          <Link to={allHref} className={buttonClass('secondary', 'mt-3 px-4 py-2 text-base')}>
            Ver todas las ofertas
          </Link>
        </div>
      )}
    </section>
  )
}
