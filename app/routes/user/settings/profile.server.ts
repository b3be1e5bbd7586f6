import { parseWithZod } from '@conform-to/zod/v4'
import { data, type AppLoadContext } from 'react-router'
import { signOutIfRefused } from '#app/.server/auth'
import { messageList } from '#app/.server/backend/client'
import { driverApi } from '#app/.server/backend/driver-area'
import { readUpload } from '#app/.server/body-limit'
import { loadPlaces, type PlaceChoice } from '#app/.server/places'
import { redirectWithToast, serviceMessages } from '#app/.server/responses'
import { commitSession, type WebSession } from '#app/.server/session'
import { PROFILE_PATH } from '#app/components/driver/urls'
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

const stamp = () => Date.now()

/** The page the form was on, modal closed (index routes post with ?index: drop it too). */
function pageWithoutModal(request: Request): string {
  const back = new URL(request.url)
  for (const key of ['modal', 'id', 'index']) back.searchParams.delete(key)
  return `${PROFILE_PATH}${back.search}`
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

export async function profileAction({ request, context, session }: Args) {
  const type = request.headers.get('content-type') ?? ''
  if (type.startsWith('multipart/form-data')) return photoAction({ request, context, session })
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '')
  const token = session.token

  if (intent === 'profile-places') {
    const draft = Object.fromEntries(
      DRAFT_FIELDS.map((k) => [k, String(formData.get(k) ?? '').slice(0, 600)]),
    ) as ProfileDraft
    return data({ intent: 'profile', draft, ...(await profilePlaces(context, token, null, formData)), stamp: stamp() })
  }

  if (intent === 'profile') {
    const submission = parseWithZod(formData, { schema: profileSchema })
    const refused = async (reply: ReturnType<typeof submission.reply>, status: number) =>
      data(
        { intent, result: reply, ...(await profilePlaces(context, token, null, formData)), stamp: stamp() },
        { status },
      )
    if (submission.status !== 'success') return refused(submission.reply(), 400)
    const v = submission.value
    // The form always sends the selects: an empty one (which conform reads as absent) means "not stated".
    const stated = { id_vehicle: v.id_vehicle ?? null, id_commune: v.id_commune ?? null }
    const loaded = await driverApi.profile(context, token)
    const current = {
      ...session.user,
      ...(loaded.ok ? { id_vehicle: loaded.data.id_vehicle, id_commune: loaded.data.id_commune } : {}),
    }
    const decision = profileSaveDecision(current, { ...v, ...stated })
    if (decision !== 'save')
      return data({
        intent,
        result: submission.reply(),
        notice: PROFILE_SAVE_MESSAGES[decision],
        ...(await profilePlaces(context, token, null, formData)),
        stamp: stamp(),
      })
    const res = await driverApi.updateProfile(context, token, {
      firstname: v.firstname,
      lastname: v.lastname,
      address: v.address,
      about_me: v.about_me,
      phone: v.phone ? Number(v.phone) : undefined,
      ...stated,
    })
    if (!res.ok) {
      await signOutIfRefused(request, res.status)
      return refused(submission.reply({ formErrors: serviceMessages(res, PROFILE_PAGE_ERRORS.profile) }), res.status)
    }
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
    return redirectWithToast(PROFILE_PATH, { type: 'success', message: res.data.message }, [cookie])
  }

  if (intent === 'notifications') {
    // An unticked checkbox is not sent: absent is off.
    const res = await driverApi.updateNotifications(context, token, {
      email: formData.get('email') === 'on',
      whatsapp: formData.get('whatsapp') === 'on',
    })
    if (!res.ok) {
      await signOutIfRefused(request, res.status)
      return data(
        { intent, errors: serviceMessages(res, PROFILE_PAGE_ERRORS.notifications), stamp: stamp() },
        { status: res.status },
      )
    }
    return redirectWithToast(pageWithoutModal(request), { type: 'success', message: res.data.message })
  }

  if (intent === 'invitations') {
    // An unticked checkbox is not sent: absent is off.
    const res = await driverApi.updateInvitationPreference(context, token, formData.get('invitations') === 'on')
    if (!res.ok) {
      await signOutIfRefused(request, res.status)
      return data(
        { intent, errors: serviceMessages(res, PROFILE_PAGE_ERRORS.invitations), stamp: stamp() },
        { status: res.status },
      )
    }
    return redirectWithToast(pageWithoutModal(request), { type: 'success', message: res.data.message })
  }

  if (intent === 'create-experience' || intent === 'update-experience') {
    const submission = parseWithZod(formData, { schema: experienceSchema })
    if (submission.status !== 'success')
      return data({ intent, result: submission.reply(), stamp: stamp() }, { status: 400 })
    const closeTo = pageWithoutModal(request)
    if (intent === 'create-experience') {
      const res = await driverApi.addExperience(context, token, submission.value)
      if (!res.ok) {
        await signOutIfRefused(request, res.status)
        // Spec §8: 'Algo salió mal: {message}'.
        return data(
          {
            intent,
            result: submission.reply({ formErrors: [`Algo salió mal: ${messageList(res.message).join(', ')}`] }),
            stamp: stamp(),
          },
          { status: res.status },
        )
      }
      return redirectWithToast(closeTo, { type: 'success', message: res.data.message })
    }
    const id = positiveId(formData.get('id'))
    const loaded = id ? await driverApi.experience(context, token, id) : null
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
    if (!experienceChanged(current, submission.value))
      return data({ intent, result: submission.reply(), notice: PROFILE_SAVE_MESSAGES.unchanged, stamp: stamp() })
    const res = await driverApi.updateExperience(context, token, id, submission.value)
    if (!res.ok) {
      await signOutIfRefused(request, res.status)
      return data(
        {
          intent,
          result: submission.reply({ formErrors: serviceMessages(res, PROFILE_PAGE_ERRORS.experienceUpdate) }),
          stamp: stamp(),
        },
        { status: res.status },
      )
    }
    return redirectWithToast(closeTo, { type: 'success', message: res.data.message })
  }

  if (intent === 'delete-experience') {
    const closeTo = pageWithoutModal(request)
    // Spec §5: a missing or zero id is ignored.
    const id = positiveId(formData.get('id'))
    if (!id) return redirectWithToast(closeTo, { type: 'info', message: PROFILE_PAGE_ERRORS.experienceDelete })
    const res = await driverApi.deleteExperience(context, token, id)
    if (!res.ok) {
      await signOutIfRefused(request, res.status)
      return data({ intent, errors: [PROFILE_PAGE_ERRORS.experienceDelete], stamp: stamp() }, { status: res.status })
    }
    return redirectWithToast(closeTo, { type: 'success', message: res.data.message })
  }

  return data({ intent, errors: ['Acción no válida.'], stamp: stamp() }, { status: 400 })
}

async function photoAction({ request, context, session }: Args) {
  const intent = 'photo'
  const formData = await readUpload(request, { maxFileSize: PROFILE_IMAGE_MAX_BYTES })
  if (formData === 'too-large' || formData === 'invalid') {
    const message = formData === 'too-large' ? PROFILE_IMAGE_MESSAGES.tooLarge : PROFILE_IMAGE_MESSAGES.required
    return data(
      { intent, result: { status: 'error' as const, error: { newProfileImage: [message] } }, stamp: stamp() },
      { status: formData === 'too-large' ? 413 : 400 },
    )
  }
  const submission = parseWithZod(formData, { schema: profileImageSchema })
  if (submission.status !== 'success')
    return data({ intent, result: submission.reply(), stamp: stamp() }, { status: 400 })
  const res = await driverApi.updateProfileImage(context, session.token, submission.value.newProfileImage)
  if (!res.ok) {
    await signOutIfRefused(request, res.status)
    const detail = res.status >= 400 && res.status < 500 ? ` ${messageList(res.message).join(', ')}` : ''
    return data(
      { intent, result: submission.reply({ formErrors: [`${PROFILE_PAGE_ERRORS.photo}.${detail}`] }), stamp: stamp() },
      { status: res.status },
    )
  }
  const cookie = await commitSession(request, session.token, { ...session.user, img_profile: res.data.img_profile })
  return redirectWithToast(PROFILE_PATH, { type: 'success', message: res.data.message }, [cookie])
}
