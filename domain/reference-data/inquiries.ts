/** Complaints and inquiries wizard (Consultas y reclamos). */

export const COMPLAINT_TYPES = [
  { value: 'PAGO', label: 'Pago' },
  { value: 'MAL_SERVICIO', label: 'Mal servicio' },
  { value: 'FALTA_DE_RUTA', label: 'Falta de ruta' },
  { value: 'ROBO', label: 'Robo' },
  { value: 'DEMORA_EN_LA_ENTREGA', label: 'Demora en la entrega' },
  { value: 'CARGA_INCORRECTA', label: 'Carga incorrecta' },
  { value: 'TRATO_DEL_PERSONAL', label: 'Trato del personal' },
  { value: 'OTRO', label: 'Otro' },
] as const

export type ComplaintType = (typeof COMPLAINT_TYPES)[number]['value']
export const COMPLAINT_TYPE_VALUES = COMPLAINT_TYPES.map((t) => t.value) as [ComplaintType, ...ComplaintType[]]

export const INQUIRY_TYPES = [
  { value: 'Inquiries', label: 'Consulta' },
  { value: 'Complaints', label: 'Reclamo' },
] as const

export type InquiryType = (typeof INQUIRY_TYPES)[number]['value']
export const INQUIRY_TYPE_VALUES = INQUIRY_TYPES.map((t) => t.value) as [InquiryType, ...InquiryType[]]

export function complaintTypeLabel(value: string): string | undefined {
  return COMPLAINT_TYPES.find((t) => t.value === value)?.label
}

export function inquiryTypeLabel(value: string): string | undefined {
  return INQUIRY_TYPES.find((t) => t.value === value)?.label
}
