import { formatInteger } from './format'

/** '$45.000 por día' (spec §3 payment): CLP has no decimals and uses '.' for thousands. */
export function formatPayment(amount: number, period: string): string {
  return `$${formatInteger(amount)}${period ? ` ${period}` : ''}`
}
