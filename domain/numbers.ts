/**
 * Numbers, money and percentages as Chile writes them (decision 57): part of the product's one
 * formatting module (domain/format.ts re-exports them), kept apart so a page that shows a count or
 * a price does not load the date machinery with it.
 */

export const LOCALE = 'es-CL'
const INTEGER = /*#__PURE__*/ new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0, useGrouping: 'always' })

/** A whole number with Chile's thousands separator: 700, 1.500, 12.345, -2.500 (fractions cut). */
export function formatInteger(n: number): string {
  return INTEGER.format(Math.trunc(n))
}

/**
 * A number with a decimal comma and Chile's thousands separator: 0,4 · 1.234,5 · 12. Up to
 * `maxDigits` decimals (1 unless told), at least `minDigits` (0: whole numbers show none).
 */
export function formatDecimal(n: number, maxDigits = 1, minDigits = 0): string {
  const key = `${maxDigits}/${minDigits}`
  let format = DECIMALS.get(key)
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, {
      minimumFractionDigits: minDigits,
      maximumFractionDigits: maxDigits,
      useGrouping: 'always',
    })
    DECIMALS.set(key, format)
  }
  return format.format(n)
}

/**
 * One formatter per precision, made on first use: making an `Intl.NumberFormat` costs about 60 times
 * what formatting a number with it does (~55 against ~0.9 µs), and the driver home formats about a
 * dozen percentages per request.
 */
const DECIMALS = new Map<string, Intl.NumberFormat>()

/** A percentage of 0 to 100 as Chile writes it: '0,4 %', '98 %' (a no-break space before the sign). */
export function formatPercent(n: number, maxDigits = 1): string {
  return `${formatDecimal(n, maxDigits)}\u00a0%`
}

/** Chilean pesos, which have no cents: '$450.000', '$4.500', '-$2.500' (rounded to the peso). */
export function formatMoney(amount: number): string {
  const pesos = Math.round(amount)
  return pesos < 0 ? `-$${formatInteger(-pesos)}` : `$${formatInteger(pesos)}`
}

/** A posting's payment (spec §3): '$45.000 por día'; with no period, the amount alone. */
export function formatPayment(amount: number, period: string): string {
  return `${formatMoney(amount)}${period ? ` ${period}` : ''}`
}

/**
 * Pesos as a company types them: «450000», «450.000», «$450.000», «$ 450.000» → 450000; anything
 * else → null. The posting schema (domain/validation/marketplace.ts) reads the amount the same way.
 */
export function parsePesos(text: string): number | null {
  const t = text.replace(/^\s*\$\s*/, '').trim()
  return /^(\d{1,3}(\.\d{3})+|\d+)$/.test(t) ? Number(t.replaceAll('.', '')) : null
}
