export interface TestimonialItem {
  id: number
  job_title: string
  name_business: string
  name: string
  comment: string
  logo_business: string | null
}

export function Testimonials({ testimonials }: { testimonials: TestimonialItem[] }) {
  if (!testimonials.length) return null
  return (
    <section aria-labelledby="testimonios" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <h2 id="testimonios" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
        Lo que dicen de nosotros
      </h2>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {testimonials.map((t) => (
          <li key={t.id}>
            <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <blockquote className="flex-1 text-slate-800">
                <p>“{t.comment}”</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                {t.logo_business ? (
                  <img
                    src={t.logo_business}
                    alt=""
                    width={200}
                    height={64}
                    loading="lazy"
                    decoding="async"
                    className="h-10 w-auto"
                  />
                ) : (
                  <span
                    aria-hidden="true"
                    className={
                      'flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 font-bold ' +
                      'text-brand-900'
                    }
                  >
                    {t.name.charAt(0)}
                  </span>
                )}
                <span className="text-sm">
                  <span className="block font-semibold text-slate-900">{t.name}</span>
                  <span className="block text-slate-600">
                    {t.job_title}, {t.name_business}
                  </span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  )
}
