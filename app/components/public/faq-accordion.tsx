export interface FaqItem {
  id: number
  question: string
  answers: string[]
}

/**
 * Native <details>: works without JS. With `group`, the browser keeps one item open at a time
 * (details[name]); the FAQ page leaves it out so several answers can stay open.
 */
export function FaqAccordion({ faqs, group }: { faqs: FaqItem[]; group?: string }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
      {faqs.map((faq) => (
        <details key={faq.id} name={group} className="group p-0">
          <summary
            className={
              'flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 px-4 py-2.5 ' +
              'text-[0.9375rem] sm:px-5 sm:py-4 sm:text-base ' +
              'font-semibold text-slate-900 hover:bg-slate-50 ' +
              '[&::-webkit-details-marker]:hidden'
            }
          >
            <span>{faq.question}</span>
            <span
              aria-hidden="true"
              className="text-xl leading-none text-brand-700 transition-transform group-open:rotate-45"
            >
              +
            </span>
          </summary>
          <div className="space-y-2 px-5 pb-5 text-slate-700">
            {faq.answers.map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        </details>
      ))}
    </div>
  )
}
