/** The colours of a message by its tone, shared by the inline Alert and the Toast. */
export type Tone = 'success' | 'error' | 'info'

export const TONES: Record<Tone, string> = {
  success: 'border-green-700 bg-green-50 text-green-900',
  error: 'border-red-700 bg-red-50 text-red-900',
  info: 'border-brand-700 bg-brand-50 text-brand-900',
}
