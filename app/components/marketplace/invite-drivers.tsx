import { Form } from 'react-router'
import { SubmitButton } from '#app/components/ui/button'

interface Card {
  headline: string
  invited: string | null
  note: string | null
  invite: { button: string; detail: string } | null
  cap: string
}

/**
 * The posting's matching drivers on its applicants page (decision 106): how many validated drivers
 * who accept invitations fit it, how many were invited, and «Invitar a postular» (a plain form to
 * the page's invitar route). Counts only: the company never sees who was invited until they apply.
 */
export function InviteDrivers({ postingId, card }: { postingId: number; card: Card }) {
  const action = `/business/dashboard/publicaciones/${postingId}/invitar`
  return (
    <section
      id="invitar"
      aria-labelledby="invitar-titulo"
      className="rounded-xl border border-brand-100 bg-brand-50 p-4 shadow-sm sm:p-5"
    >
      <h2 id="invitar-titulo" className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        Conductores para esta publicación
      </h2>
      <p className="mt-1 text-lg font-semibold break-words text-slate-900" data-testid="conductores-que-calzan">
        {card.headline}
      </p>
      {card.invited ? (
        <p className="mt-1 text-sm font-medium text-slate-800" data-testid="invitados">
          {card.invited}
        </p>
      ) : null}
      {card.invite ? (
        <Form
          method="post"
          action={action}
          preventScrollReset
          className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2"
        >
          <SubmitButton pendingText="Invitando…" formAction={action}>
            {card.invite.button}
          </SubmitButton>
          <p className="min-w-0 flex-1 basis-64 text-sm text-slate-700">{card.invite.detail}</p>
        </Form>
      ) : (
        <p className="mt-2 text-sm text-slate-700">{card.note}</p>
      )}
      <p className="mt-3 text-xs text-slate-600">{card.cap}</p>
    </section>
  )
}
