import { Link, useLocation } from 'react-router'
import { requireSession } from '#app/.server/auth'
import { driverApi } from '#app/.server/backend/driver-area'
import { required } from '#app/.server/responses'
import { replyFor } from '#app/components/action-reply'
import { BankFormModal, DeleteBankModal } from '#app/components/driver/bank-form'
import { BankDetailPanel, BankList } from '#app/components/driver/bank-list'
import { Icon } from '#app/components/driver/icons'
import { buttonClass } from '#app/components/ui/button'
import { pagePath, withParams } from '#app/paths'
import { positiveId } from '#domain/ids'
import { BANK_SELECTED } from '#domain/reference-data/banking'
import type { Route } from './+types/bank-details'
import { bankAction } from './bank-details.server'

export const meta: Route.MetaFunction = () => [{ title: 'Datos bancarios | Panel del conductor | Fleeters' }]

const MODALS = ['agregar', 'editar', 'eliminar'] as const
type ModalName = (typeof MODALS)[number]

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSession(request, context, 'User')
  const url = new URL(request.url)
  const banks = await required(request, await driverApi.banks(context, session.token))
  // The panel shows ?cuenta=ID when it is one of the driver's accounts, else the selected one.
  const wanted = positiveId(url.searchParams.get('cuenta'))
  const current =
    banks.find((b) => b.id_bank_detail === wanted) ??
    banks.find((b) => b.selected === BANK_SELECTED) ??
    banks[0] ??
    null
  const requested = url.searchParams.get('modal')
  let modal: ModalName | null = (MODALS as readonly string[]).includes(requested ?? '')
    ? (requested as ModalName)
    : null
  let editing = null
  if ((modal === 'editar' || modal === 'eliminar') && current) {
    // The edit form is prefilled from the record as loaded for update (spec §4).
    const res = await driverApi.bank(context, session.token, current.id_bank_detail)
    if (res.ok) editing = res.data
    else modal = null
  } else if (modal !== 'agregar') modal = null
  return { banks, current, modal, editing }
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireSession(request, context, 'User')
  return bankAction({ request, context, session })
}

export default function BankDetailsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { banks, current, modal, editing } = loaderData
  const { search } = useLocation()
  const feedbackFor = (intent: string) => replyFor(actionData, intent)
  const page = pagePath('/user/dashboard/settings/banco-detalles')
  const closeTo = withParams(page, search, { modal: null })

  return (
    <main id="contenido" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Datos bancarios</h1>
        <Link
          to={withParams(page, search, { modal: 'agregar' })}
          preventScrollReset
          className={buttonClass('primary', 'gap-1.5 px-4 py-2 text-base')}
        >
          <Icon name="plus" className="h-4 w-4" />
          Agregar cuenta
        </Link>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="mis-cuentas">
          <h2 id="mis-cuentas" className="mb-3 text-lg font-semibold text-slate-900">
            Mis cuentas
          </h2>
          <BankList banks={banks} currentId={current?.id_bank_detail ?? null} />
        </section>
        {current ? <BankDetailPanel key={current.id_bank_detail} bank={current} /> : null}
      </div>
      {modal === 'agregar' ? (
        <BankFormModal key="nueva" bank={null} closeTo={closeTo} feedback={feedbackFor('add')} />
      ) : null}
      {modal === 'editar' && editing ? (
        <BankFormModal key={editing.id_bank_detail} bank={editing} closeTo={closeTo} feedback={feedbackFor('edit')} />
      ) : null}
      {modal === 'eliminar' && editing ? (
        <DeleteBankModal bank={editing} closeTo={closeTo} feedback={feedbackFor('delete')} />
      ) : null}
    </main>
  )
}
