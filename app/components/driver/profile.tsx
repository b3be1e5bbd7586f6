import type { ActionReply } from '#app/components/action-reply'
import type { PlaceChoice } from '#app/components/marketplace/place-fields'
import { formatPhone } from '#domain/format'

/*
 * The «Mi perfil» page's data and its read-only view. Its forms load apart, when the page opens
 * them: profile-form.tsx, photo-modal.tsx, experience-dialogs.tsx.
 */

export interface ProfileData {
  firstname: string
  lastname: string
  email: string
  phone: string | null
  address: string | null
  about_me: string | null
  /** The vehicle type and commune the driver stated; null: not stated. */
  id_vehicle: number | null
  name_vehicle: string | null
  id_commune: number | null
  name_commune: string | null
}

/** The reply of the «Mi perfil» and bank actions. */
export type ProfileReply = ActionReply<{
  /** The profile form's place lists and commune for what was posted. */
  places: PlaceChoice
  commune: string
  /** No JS: what the profile form had typed when «Actualizar» brought the next place list. */
  draft: Partial<Record<'firstname' | 'lastname' | 'address' | 'about_me' | 'phone' | 'id_vehicle', string>>
}>

/** Read-only "Mis Datos" (spec §2): the phone with a leading +, written «+56 9 XXXX XXXX». */
export function ProfileDataView({ profile }: { profile: ProfileData }) {
  const rows: Array<[string, string]> = [
    ['Nombre completo', `${profile.firstname} ${profile.lastname}`.trim()],
    ['Correo electrónico', profile.email],
    ['Teléfono', formatPhone(profile.phone) || 'Sin información'],
    ['Dirección', profile.address || 'Sin información'],
    ['Tipo de vehículo', profile.name_vehicle || 'Sin información'],
    ['Comuna', profile.name_commune || 'Sin información'],
    ['Sobre mí', profile.about_me || 'Sin información'],
  ]
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className={label === 'Sobre mí' ? 'sm:col-span-2' : undefined}>
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className="mt-0.5 break-words whitespace-pre-line text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
