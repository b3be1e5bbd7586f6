import { Form } from 'react-router'
import { SubmitButton } from '#app/components/ui/button'

interface Card {
  headline: string
  invited: string | null
  note: string | null
  invite: { button: string; detail: string } | null
  cap: string
  capReached: boolean
}

/**
 * The posting's matching drivers on its applicants page (decision 106): how many validated drivers
 * who accept invitations fit it, how many were invited, and «Invitar a postular» (a plain form to
 * the page's invitar route). Counts only: the company never sees who was invited until they apply.
 */
export function InviteDrivers({ postingId, card }: { postingId: number; card: Card }) {
  const action = `/business/dashboard/publicaciones/${postingId}/invitar`
  return (
    // With nobody to invite now it is a quiet note: the applicants below are what the page is for.
    <section
      id="invitar"
      aria-labelledby="invitar-titulo"
      className={
        card.invite
          ? 'rounded-xl border border-brand-100 bg-brand-50 p-4 shadow-sm sm:p-5'
          : 'rounded-xl border border-slate-200 bg-white px-4 py-3'
      }
    >
      <h2
        id="invitar-titulo"
        className={
          card.invite
            ? 'text-sm font-semibold tracking-wide text-brand-700 uppercase'
            : 'text-xs font-semibold tracking-wide text-slate-600 uppercase'
        }
      >
        Conductores para esta publicación
      </h2>
      <p
        className={`mt-1 font-semibold break-words text-slate-900 ${card.invite ? 'text-lg' : 'text-base'}`}
        data-testid="conductores-que-calzan"
      >
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
        <p className="mt-1 text-sm text-slate-700">{card.note}</p>
      )}
      {/* The day's cap matters beside the button, or when it is what stops it. */}
      {card.invite || card.capReached ? <p className="mt-3 text-xs text-slate-600">{card.cap}</p> : null}
    </section>
  )
}
