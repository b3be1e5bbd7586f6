/** Money is formatted in domain/format.ts, the one formatting module (decision 57); kept for old imports. */
export { formatMoney, formatPayment } from './format'
