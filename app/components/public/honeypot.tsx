import type { HoneypotInputProps } from 'remix-utils/honeypot/server'

/**
 * remix-utils' honeypot fields (a field people never see and bots fill in, plus the sealed time
 * the page was rendered), from the loader's honeypotInputProps() and checked by the route action
 * (routes/_public/site.server.ts). Not remix-utils' <HoneypotInputs>: it names its inputs' ids
 * after the fields, so the two forms of /empresas would share ids, and it needs a provider.
 */
export function HoneypotFields({ from, formId }: { from: HoneypotInputProps; formId: string }) {
  const id = `${formId}-${from.nameFieldName}`
  return (
    <div aria-hidden="true" className="hidden">
      <label htmlFor={id}>Deja este campo vacío</label>
      <input id={id} name={from.nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      {from.validFromFieldName ? (
        <input type="hidden" name={from.validFromFieldName} value={from.encryptedValidFrom} />
      ) : null}
    </div>
  )
}
