/** The console's two roles (decision 77): a module without zod, so pages can show the labels. */
export const STAFF_ROLE_VALUES = ['revisor', 'administrador'] as const
export type StaffRoleValue = (typeof STAFF_ROLE_VALUES)[number]
export const STAFF_ROLE_LABELS: Record<StaffRoleValue, string> = {
  revisor: 'Revisor',
  administrador: 'Administrador',
}
