import { Link } from 'react-router'
import { SubmitButton } from '../forms'

/** The driver area's modals are the shared URL-state modal. */
export { Modal } from '../url-modal'

/** The secondary action of a modal: back to the page without it. */
export function CancelLink({ to, children = 'Cancelar' }: { to: string; children?: React.ReactNode }) {
  return (
    <Link
      to={to}
      preventScrollReset
      className="inline-flex items-center justify-center rounded-md border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
    >
      {children}
    </Link>
  )
}

/** A destructive submit: SubmitButton (its loader while sending) in red. */
export function DangerSubmit({ children, pendingText }: { children: React.ReactNode; pendingText: string }) {
  return (
    <SubmitButton pendingText={pendingText} className="bg-red-700! hover:bg-red-900!">
      {children}
    </SubmitButton>
  )
}
