import { Form, Link, useLocation } from 'react-router'
import { JsMarker } from '#app/components/js-marker'
import { Badge } from '#app/components/ui/badge'
import { buttonClass } from '#app/components/ui/button'
import { withParams } from '#app/paths'
import type { BankDetail } from '#domain/contract/users'
import { formatPhone } from '#domain/format'
import { BANK_NOT_SELECTED, BANK_SELECTED } from '#domain/reference-data/banking'
import { bankDetailComplete, maskAccountNumber } from '#domain/validation/bank-view'
import { BANK_PATH } from './urls'

export type BankView = BankDetail

/** The driver's accounts; the current one is highlighted, numbers are masked here. */
export function BankList({ banks, currentId }: { banks: BankView[]; currentId: number | null }) {
  const { search } = useLocation()
  if (banks.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-5 text-slate-700">
        Aún no has agregado una cuenta bancaria.
      </p>
    )
  return (
    <ul className="space-y-3">
      {banks.map((b) => {
        const current = b.id_bank_detail === currentId
        return (
          <li key={b.id_bank_detail}>
            <Link
              to={withParams(BANK_PATH, search, { cuenta: b.id_bank_detail, modal: null })}
              preventScrollReset
              aria-current={current ? 'true' : undefined}
              className={
                'block rounded-lg border bg-white p-4 shadow-sm hover:border-brand-600 ' +
                (current ? 'border-brand-700 ring-2 ring-brand-600/30' : 'border-slate-200')
              }
            >
              <span className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold text-slate-900">{b.bank_name}</span>
                {b.selected === BANK_SELECTED ? <Badge tone="success">Seleccionado</Badge> : null}
              </span>
              <span className="mt-1 block text-sm text-slate-700">
                {b.account_type} · {maskAccountNumber(b.account_number)}
              </span>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}

function Details({ rows }: { rows: Array<[string, string]> }) {
  return (
    <dl className="mt-3 grid gap-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className={label === 'Dirección SII' ? 'sm:col-span-2' : undefined}>
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className="break-words text-slate-900">{value || 'Sin información'}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The selected item's panel (spec §4): edit, delete, toggle and invoice info need the six fields. */
export function BankDetailPanel({ bank }: { bank: BankView }) {
  const { search } = useLocation()
  const complete = bankDetailComplete(bank)
  const isSelected = bank.selected === BANK_SELECTED
  const rows: Array<[string, string]> = [
    ['Titular', bank.account_holder_name],
    ['Banco', bank.bank_name],
    ['Tipo de cuenta', bank.account_type],
    ['Número de cuenta', bank.account_number],
    ['Teléfono', formatPhone(bank.phone)],
    ['Correo electrónico', bank.email],
  ]
  const invoice: Array<[string, string]> = [
    ['Tipo de documento', bank.invoice_type],
    ['Emisión de boleta', bank.receipt_issuance],
    ['Dirección SII', bank.sii_address],
  ]
  return (
    <section aria-labelledby="detalle-cuenta" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="detalle-cuenta" className="text-lg font-semibold text-slate-900">
          Detalle de la cuenta
        </h2>
        {complete ? (
          <Form method="post" preventScrollReset>
            <JsMarker />
            <input type="hidden" name="intent" value="select" />
            <input type="hidden" name="id" value={bank.id_bank_detail} />
            <input type="hidden" name="selected" value={isSelected ? BANK_NOT_SELECTED : BANK_SELECTED} />
            <button
              type="submit"
              role="switch"
              aria-checked={isSelected}
              aria-label="Cuenta seleccionada para pagos"
              className={
                'inline-flex items-center gap-2 rounded-full border border-slate-300 py-1 pr-3 ' +
                'pl-1 text-sm font-semibold text-slate-800 hover:bg-slate-50'
              }
            >
              <span
                className={
                  'flex h-5 w-9 items-center rounded-full p-0.5 transition-colors ' +
                  (isSelected ? 'justify-end bg-green-600' : 'justify-start bg-slate-300')
                }
                aria-hidden="true"
              >
                <span className="h-4 w-4 rounded-full bg-white shadow" />
              </span>
              {isSelected ? BANK_SELECTED : BANK_NOT_SELECTED}
            </button>
          </Form>
        ) : null}
      </div>
      <Details rows={rows} />
      {complete ? (
        <>
          <div className="mt-5 rounded-lg bg-slate-50 p-4">
            <h3 className="font-semibold text-slate-900">Información de facturación</h3>
            <Details rows={invoice} />
          </div>
          <div className="mt-5 flex flex-wrap gap-2">
            <Link
              to={withParams(BANK_PATH, search, { cuenta: bank.id_bank_detail, modal: 'editar' })}
              preventScrollReset
              className={buttonClass('primary', 'px-4 py-2 text-base')}
            >
              Editar cuenta
            </Link>
            <Link
              to={withParams(BANK_PATH, search, { cuenta: bank.id_bank_detail, modal: 'eliminar' })}
              preventScrollReset
              className={
                'inline-flex items-center rounded-md border border-red-700 px-4 py-2 ' +
                'font-semibold text-red-700 hover:bg-red-50'
              }
            >
              Eliminar cuenta
            </Link>
          </div>
        </>
      ) : null}
    </section>
  )
}
