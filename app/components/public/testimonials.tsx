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
    <section aria-labelledby="testimonios" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 md:py-16">
      <h2 id="testimonios" className="text-xl font-bold text-slate-900 sm:text-3xl md:text-center">
        Lo que dicen de nosotros
      </h2>
      {/* On a phone the quotes scroll sideways, one and a peek at a time; the list takes focus so
          a keyboard can scroll it too. */}
      <ul
        // A scrolling region a keyboard must reach (axe's scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label="Testimonios"
        className={
          '-mx-4 mt-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 ' +
          'md:mx-0 md:mt-10 md:grid md:grid-cols-3 md:gap-6 md:overflow-visible md:px-0 md:pb-0'
        }
      >
        {testimonials.map((t) => (
          <li key={t.id} className="w-[85%] shrink-0 snap-start md:w-auto">
            <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6">
              <blockquote className="flex-1 text-sm text-slate-800 md:text-base">
                <p>“{t.comment}”</p>
              </blockquote>
              <figcaption className="mt-4 flex items-center gap-3 md:mt-6">
                {t.logo_business ? (
                  <img
                    src={t.logo_business}
                    alt=""
                    width={200}
                    height={64}
                    loading="lazy"
                    decoding="async"
                    // On a phone the caption names the company already; the logo needs the width.
                    className="h-10 w-auto max-md:hidden"
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
