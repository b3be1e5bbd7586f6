import { formatNumberCL } from './reference-data/vehicles'

/** '$45.000 por día' (spec §3 payment): CLP has no decimals and uses '.' for thousands. */
export function formatPayment(amount: number, period: string): string {
  return `$${formatNumberCL(amount)}${period ? ` ${period}` : ''}`
}
