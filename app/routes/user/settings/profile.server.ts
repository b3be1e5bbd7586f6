import { href, type AppLoadContext } from 'react-router'
import { messageList } from '#app/.server/backend/client'
import { driverApi } from '#app/.server/backend/driver-area'
import { readUpload } from '#app/.server/body-limit'
import { actionReply, formAction, withSchema } from '#app/.server/form-action'
import { loadPlaces, type PlaceChoice } from '#app/.server/places'
import { redirectWithToast, serviceMessages } from '#app/.server/responses'
import { commitSession, type WebSession } from '#app/.server/session'
import type { ProfileReply } from '#app/components/driver/profile'
import { positiveId } from '#domain/ids'
import { findCommune, findRegion } from '#domain/reference-data/geography'
import { experienceChanged, experienceSchema } from '#domain/validation/experience'
import { PROFILE_SAVE_MESSAGES, profileSaveDecision, profileSchema } from '#domain/validation/profile'
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_MESSAGES, profileImageSchema } from '#domain/validation/profile-image'

/** Shown where the spec lets a failed save pass silently (spec §8): the driver should know. */
export const PROFILE_PAGE_ERRORS = {
  profile: 'No se pudieron guardar tus datos. Intenta nuevamente.',
  photo: 'Error al actualizar la imagen de perfil, intenta nuevamente',
  experienceUpdate: 'No se pudo actualizar la experiencia. Intenta nuevamente.',
  experienceDelete: 'No se pudo eliminar la experiencia. Intenta nuevamente.',
  notifications: 'No se pudieron guardar tus notificaciones. Intenta nuevamente.',
  invitations: 'No se pudo guardar tu preferencia de invitaciones. Intenta nuevamente.',
} as const

/** The page the form was on, modal closed (index routes post with ?index: drop it too). */
function pageWithoutModal(request: Request): string {
  const back = new URL(request.url)
  for (const key of ['modal', 'id', 'index']) back.searchParams.delete(key)
  return `${href('/user/dashboard/settings')}${back.search}`
}

/**
 * The place lists of the profile form: those of the zone and region posted (no JS:
 * «Actualizar», or a refused save), else those of the commune the driver stated.
 */
export async function profilePlaces(
  context: AppLoadContext,
  token: string,
  idCommune: number | null,
  posted?: FormData,
): Promise<{ places: PlaceChoice; commune: string }> {
  if (posted)
    return {
      places: await loadPlaces(context, posted.get('id_zone'), posted.get('id_region'), token),
      commune: String(posted.get('id_commune') ?? ''),
    }
  const commune = idCommune === null ? undefined : findCommune(idCommune)
  const region = commune ? findRegion(commune.id_region) : undefined
  if (!commune || !region) return { places: await loadPlaces(context, null, null, token), commune: '' }
  return {
    places: await loadPlaces(context, String(region.zone_id), String(region.id_region), token),
    commune: String(commune.id_commune),
  }
}

/** What the profile form had typed when «Actualizar» (no JS) brought the next place list. */
const DRAFT_FIELDS = ['firstname', 'lastname', 'address', 'about_me', 'phone', 'id_vehicle'] as const
export type ProfileDraft = Partial<Record<(typeof DRAFT_FIELDS)[number], string>>

type Args = { request: Request; context: AppLoadContext; session: WebSession }
type Extra = ProfileReply extends infer R ? Omit<R, 'intent' | 'id' | 'result' | 'errors' | 'notice'> : never

const intents = formAction<Args, Extra>({
  'profile-places': async ({ context, session, formData, reply }) => {
    const draft = Object.fromEntries(
      DRAFT_FIELDS.map((k) => [k, String(formData.get(k) ?? '').slice(0, 600)]),
    ) as ProfileDraft
    return reply({ intent: 'profile', draft, ...(await profilePlaces(context, session.token, null, formData)) })
  },

  profile: {
    // Every reply of the form carries the place lists of what was posted.
    extras: ({ context, session, formData }) => profilePlaces(context, session.token, null, formData),
    run: withSchema(profileSchema, async ({ request, context, session, value: v, submission, reply, fail }) => {
      const token = session.token
      // The form always sends the selects: an empty one (which conform reads as absent) means "not stated".
      const stated = { id_vehicle: v.id_vehicle ?? null, id_commune: v.id_commune ?? null }
      const loaded = await driverApi.profile(context, token)
      const current = {
        ...session.user,
        ...(loaded.ok ? { id_vehicle: loaded.data.id_vehicle, id_commune: loaded.data.id_commune } : {}),
      }
      const decision = profileSaveDecision(current, { ...v, ...stated })
      if (decision !== 'save') return reply({ result: submission.reply(), notice: PROFILE_SAVE_MESSAGES[decision] })
      const res = await driverApi.updateProfile(context, token, {
        firstname: v.firstname,
        lastname: v.lastname,
        address: v.address,
        about_me: v.about_me,
        phone: v.phone ? Number(v.phone) : undefined,
        ...stated,
      })
      if (!res.ok)
        return fail(res, {
          result: submission.reply({ formErrors: serviceMessages(res, PROFILE_PAGE_ERRORS.profile) }),
        })
      // Spec §4: the stored session is rewritten with the merged fields.
      const { firstname, lastname, address, about_me, phone } = res.data
      const cookie = await commitSession(request, token, {
        ...session.user,
        firstname,
        lastname,
        address,
        about_me,
        phone,
      })
      return redirectWithToast(href('/user/dashboard/settings'), { type: 'success', message: res.data.message }, [
        cookie,
      ])
    }),
  },

  notifications: async ({ request, context, session, formData, fail }) => {
    // An unticked checkbox is not sent: absent is off.
    const res = await driverApi.updateNotifications(context, session.token, {
      email: formData.get('email') === 'on',
      whatsapp: formData.get('whatsapp') === 'on',
    })
    if (!res.ok) return fail(res, { errors: serviceMessages(res, PROFILE_PAGE_ERRORS.notifications) })
    return redirectWithToast(pageWithoutModal(request), { type: 'success', message: res.data.message })
  },

  invitations: async ({ request, context, session, formData, fail }) => {
    // An unticked checkbox is not sent: absent is off.
    const res = await driverApi.updateInvitationPreference(context, session.token, formData.get('invitations') === 'on')
    if (!res.ok) return fail(res, { errors: serviceMessages(res, PROFILE_PAGE_ERRORS.invitations) })
    return redirectWithToast(pageWithoutModal(request), { type: 'success', message: res.data.message })
  },

  'create-experience': withSchema(experienceSchema, async ({ request, context, session, value, submission, fail }) => {
    const res = await driverApi.addExperience(context, session.token, value)
    // Spec §8: 'Algo salió mal: {message}'.
    if (!res.ok)
      return fail(res, {
        result: submission.reply({ formErrors: [`Algo salió mal: ${messageList(res.message).join(', ')}`] }),
      })
    return redirectWithToast(pageWithoutModal(request), { type: 'success', message: res.data.message })
  }),

  'update-experience': withSchema(
    experienceSchema,
    async ({ request, context, session, formData, value, submission, reply, fail }) => {
      const closeTo = pageWithoutModal(request)
      const id = positiveId(formData.get('id'))
      const loaded = id ? await driverApi.experience(context, session.token, id) : null
      if (!id || !loaded?.ok)
        return redirectWithToast(closeTo, { type: 'error', message: PROFILE_PAGE_ERRORS.experienceUpdate })
      const l = loaded.data
      const current = {
        job_title: l.job_title,
        nameBusiness: l.company_name,
        typeEmployment: l.type_employment,
        location: l.location,
        start_date: l.start_date,
        end_date: l.end_date,
        job_description: l.job_description,
      }
      // Spec §5: the update is sent only if some value differs from the loaded one.
      if (!experienceChanged(current, value))
        return reply({ result: submission.reply(), notice: PROFILE_SAVE_MESSAGES.unchanged })
      const res = await driverApi.updateExperience(context, session.token, id, value)
      if (!res.ok)
        return fail(res, {
          result: submission.reply({ formErrors: serviceMessages(res, PROFILE_PAGE_ERRORS.experienceUpdate) }),
        })
      return redirectWithToast(closeTo, { type: 'success', message: res.data.message })
    },
  ),

  'delete-experience': async ({ request, context, session, formData, fail }) => {
    const closeTo = pageWithoutModal(request)
    // Spec §5: a missing or zero id is ignored.
    const id = positiveId(formData.get('id'))
    if (!id) return redirectWithToast(closeTo, { type: 'info', message: PROFILE_PAGE_ERRORS.experienceDelete })
    const res = await driverApi.deleteExperience(context, session.token, id)
    if (!res.ok) return fail(res, { errors: [PROFILE_PAGE_ERRORS.experienceDelete] })
    return redirectWithToast(closeTo, { type: 'success', message: res.data.message })
  },
})

/** The photo comes alone, as an upload. */
const photoIntent = formAction<Args, Extra>({
  photo: withSchema(profileImageSchema, async ({ request, session, context, value, submission, fail }) => {
    const res = await driverApi.updateProfileImage(context, session.token, value.newProfileImage)
    if (!res.ok) {
      const detail = res.status >= 400 && res.status < 500 ? ` ${messageList(res.message).join(', ')}` : ''
      return fail(res, { result: submission.reply({ formErrors: [`${PROFILE_PAGE_ERRORS.photo}.${detail}`] }) })
    }
    const cookie = await commitSession(request, session.token, { ...session.user, img_profile: res.data.img_profile })
    return redirectWithToast(href('/user/dashboard/settings'), { type: 'success', message: res.data.message }, [cookie])
  }),
})

/** The page's action: the photo comes as an upload (its size checked while it is read), the rest as forms. */
export async function profileAction(args: Args) {
  const type = args.request.headers.get('content-type') ?? ''
  if (!type.startsWith('multipart/form-data')) return intents(args)
  const formData = await readUpload(args.request, { maxFileSize: PROFILE_IMAGE_MAX_BYTES })
  if (formData === 'too-large' || formData === 'invalid') {
    const message = formData === 'too-large' ? PROFILE_IMAGE_MESSAGES.tooLarge : PROFILE_IMAGE_MESSAGES.required
    return actionReply<Extra>(
      'photo',
      { result: { status: 'error', error: { newProfileImage: [message] } } },
      formData === 'too-large' ? 413 : 400,
    )
  }
  formData.set('intent', 'photo')
  return photoIntent({ ...args, formData })
}
