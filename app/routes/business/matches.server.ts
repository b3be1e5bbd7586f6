import type { PostingMatches } from '#domain/contract/invitations'
import { formatInteger } from '#domain/format'

/** What the applicants page says about an open posting's matching drivers (decision 106): texts only. */
export interface MatchesCard {
  /** «12 conductores validados con Moto en Las Condes y comunas vecinas». */
  headline: string
  /** «Invitaste a 5 conductores.»; null before the first invitation. */
  invited: string | null
  /** Why there is no button, when there is none. */
  note: string | null
  /** «Invitar a postular» is offered: to how many it goes now. */
  invite: { button: string; detail: string } | null
  /** The daily cap and what is left of it today. */
  cap: string
  /** Nothing is left of today's cap: the cap is why there is no button. */
  capReached: boolean
}

const drivers = (n: number) => `${formatInteger(n)} ${n === 1 ? 'conductor' : 'conductores'}`

export function matchesCard(m: PostingMatches): MatchesCard {
  const place = `con ${m.name_vehicle} en ${m.name_commune} y comunas vecinas`
  const headline =
    m.matching === 1 ? `1 conductor validado ${place}` : `${formatInteger(m.matching)} conductores validados ${place}`
  const invited = m.invited ? `Invitaste a ${drivers(m.invited)}.` : null
  const cap =
    `Puedes enviar hasta ${formatInteger(m.daily_cap)} invitaciones por día entre todas tus publicaciones; ` +
    `hoy te quedan ${formatInteger(m.remaining_today)}.`
  let note: string | null = null
  if (m.matching === 0) note = 'Aparecerán aquí cuando validen sus documentos y acepten invitaciones de empresas.'
  else if (m.invitable === 0)
    note = m.invited
      ? 'Ya invitaste a todos los que calzan (o ya postularon). Cuando postulen, aparecerán en esta página.'
      : 'Todos los que calzan ya postularon: están en esta página.'
  else if (m.remaining_today === 0) note = 'Ya enviaste todas las invitaciones de hoy. Mañana podrás invitar a más.'
  const now = Math.min(m.invitable, m.remaining_today)
  return {
    headline,
    invited,
    note,
    invite: note
      ? null
      : {
          button: 'Invitar a postular',
          detail:
            `${now === 1 ? 'Le' : 'Les'} llegará una invitación con el enlace a esta publicación a ` +
            `${now === 1 ? 'un conductor' : drivers(now)}` +
            `${now < m.invitable ? ` (de ${formatInteger(m.invitable)} que aún no invitas)` : ''}. ` +
            'Solo ves cuántos son: sus datos aparecen aquí cuando postulan.',
        },
    cap,
    capReached: m.remaining_today === 0,
  }
}
