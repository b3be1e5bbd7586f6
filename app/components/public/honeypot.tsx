/**
 * A field people never see and bots fill in, plus a signed time stamp proving the form came from
 * our page (checked by the route action; see routes/_public/site.server.ts).
 */
export const HONEYPOT_FIELD = 'url_sitio'
export const HONEYPOT_FROM_FIELD = 'hp_desde'

export function HoneypotFields({ from, formId }: { from: string; formId: string }) {
  const id = `${formId}-${HONEYPOT_FIELD}`
  return (
    <div aria-hidden="true" className="hidden">
      <label htmlFor={id}>Deja este campo vacío</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      <input type="hidden" name={HONEYPOT_FROM_FIELD} value={from} />
    </div>
  )
}
