import { Link, useLocation } from 'react-router'
import { buttonClass } from '#app/components/ui/button'
import { withParams } from '#app/paths'
import type { Experience } from '#domain/contract/users'
import { formatDate } from '#domain/format'
import { Icon } from './icons'
import { PROFILE_PATH } from './urls'

export type ExperienceView = Experience

/** Spec §2: the experience list, its add button and the edit/delete toggle (URL state ?gestionar=1). */
export function ExperienceSection({ experiences, managing }: { experiences: ExperienceView[]; managing: boolean }) {
  const { search } = useLocation()
  const href = (params: Record<string, string | number | null>) => withParams(PROFILE_PATH, search, params)
  return (
    <section aria-labelledby="experiencia" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="experiencia" className="text-lg font-semibold text-slate-900">
          Experiencia profesional
        </h2>
        <div className="flex flex-wrap gap-2">
          {experiences.length ? (
            <Link
              to={href({ gestionar: managing ? null : 1, modal: null, id: null })}
              preventScrollReset
              aria-pressed={managing}
              className={buttonClass('secondary', 'px-3 py-1.5 text-sm')}
            >
              {managing ? 'Listo' : 'Editar experiencias'}
            </Link>
          ) : null}
          <Link
            to={href({ modal: 'experiencia', id: null })}
            preventScrollReset
            className={buttonClass('primary', 'gap-1.5 px-3 py-1.5 text-sm')}
          >
            <Icon name="plus" className="h-4 w-4" />
            Agregar experiencia
          </Link>
        </div>
      </div>
      {experiences.length === 0 ? (
        <p className="mt-4 text-slate-700">Aún no has agregado experiencia profesional.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {experiences.map((e) => (
            <li key={e.id_ew} className="py-4 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h3 className="font-semibold break-words text-slate-900">{e.job_title}</h3>
                  <p className="text-sm break-words text-slate-700">
                    {e.company_name} · {e.type_employment} · {e.location}
                  </p>
                  <p className="text-sm text-slate-600">
                    {formatDate(e.start_date, 'numeric')} –{' '}
                    {e.end_date ? formatDate(e.end_date, 'numeric') : 'Actualidad'} ({e.duration})
                  </p>
                </div>
                {managing ? (
                  <div className="flex gap-2">
                    <Link
                      to={href({ modal: 'editar-experiencia', id: e.id_ew })}
                      preventScrollReset
                      aria-label={`Editar ${e.job_title}`}
                      className={
                        'rounded-md border border-brand-700 px-3 py-1 text-sm font-semibold ' +
                        'text-brand-700 hover:bg-brand-50'
                      }
                    >
                      Editar
                    </Link>
                    <Link
                      to={href({ modal: 'eliminar-experiencia', id: e.id_ew })}
                      preventScrollReset
                      aria-label={`Eliminar ${e.job_title}`}
                      className={
                        'rounded-md border border-red-700 px-3 py-1 text-sm font-semibold text-red-700 ' +
                        'hover:bg-red-50'
                      }
                    >
                      Eliminar
                    </Link>
                  </div>
                ) : null}
              </div>
              <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-800">{e.job_description}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
