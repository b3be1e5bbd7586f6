import { Link, useLocation } from 'react-router'
import { requireSession } from '#app/.server/auth'
import { driverApi } from '#app/.server/backend/driver-area'
import { required } from '#app/.server/responses'
import { replyFor } from '#app/components/action-reply'
import { ExperienceSection } from '#app/components/driver/experience'
import { InvitationsSection } from '#app/components/driver/invitations'
import { NotificationsSection } from '#app/components/driver/notifications'
import { ProfileDataView } from '#app/components/driver/profile'
import { avatarUrl } from '#app/components/driver/urls'
import { lazyPart } from '#app/components/lazy-part'
import { buttonClass } from '#app/components/ui/button'
import { pagePath, withParams } from '#app/paths'
import { positiveId } from '#domain/ids'
import type { Route } from './+types/profile'
import { profileAction, profilePlaces } from './profile.server'

export const meta: Route.MetaFunction = () => [{ title: 'Mi perfil | Panel del conductor | Fleeters' }]

const MODALS = ['foto', 'experiencia', 'editar-experiencia', 'eliminar-experiencia'] as const
type ModalName = (typeof MODALS)[number]

/*
 * The profile form and the dialogs load apart, when the URL opens them: the
 * page's first load carries the profile's view and the experience list only. Each part is loaded
 * before the page renders it (lazyPart): on the server in the loader, in the browser before the
 * page hydrates (below) and in the clientLoader on a navigation.
 */
const ProfileForm = lazyPart(() => import('#app/components/driver/profile-form').then((m) => m.ProfileForm))
const PhotoModal = lazyPart(() => import('#app/components/driver/photo-modal').then((m) => m.PhotoModal))
const ExperienceModal = lazyPart(() =>
  import('#app/components/driver/experience-dialogs').then((m) => m.ExperienceModal),
)
const DeleteExperienceModal = lazyPart(() =>
  import('#app/components/driver/experience-dialogs').then((m) => m.DeleteExperienceModal),
)

/** The parts `url` opens (a part the loader then declines, an unknown experience, is only fetched for nothing). */
function preloadParts(url: URL): Promise<unknown> {
  const modal = url.searchParams.get('modal')
  return Promise.all([
    url.searchParams.get('editar') === '1' ? ProfileForm.preload() : null,
    modal === 'foto' ? PhotoModal.preload() : null,
    modal === 'experiencia' || modal === 'editar-experiencia' ? ExperienceModal.preload() : null,
    modal === 'eliminar-experiencia' ? DeleteExperienceModal.preload() : null,
  ])
}

// The page hydrates with the code of what the server rendered.
if (typeof document !== 'undefined') await preloadParts(new URL(window.location.href))

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSession(request, context, 'User')
  const url = new URL(request.url)
  const [profile, experiences, notifications, invitations] = await Promise.all([
    driverApi.profile(context, session.token).then((r) => required(request, r)),
    driverApi.experiences(context, session.token).then((r) => required(request, r)),
    driverApi.notifications(context, session.token).then((r) => required(request, r)),
    driverApi.invitationPreference(context, session.token).then((r) => required(request, r)),
  ])
  const requested = url.searchParams.get('modal')
  let modal: ModalName | null = (MODALS as readonly string[]).includes(requested ?? '')
    ? (requested as ModalName)
    : null
  const id = positiveId(url.searchParams.get('id'))
  // Edit and delete work on one of the driver's own experiences, loaded fresh for the form.
  let experience = null
  if (modal === 'editar-experiencia' || modal === 'eliminar-experiencia') {
    const res = id ? await driverApi.experience(context, session.token, id) : null
    if (res?.ok) experience = res.data
    else modal = null
  }
  const editing = url.searchParams.get('editar') === '1'
  await preloadParts(url)
  return {
    profile: { ...profile, avatar: avatarUrl(profile.img_profile) },
    experiences,
    notifications,
    invitations,
    editing,
    // The form's zone → region → commune lists, opened at the commune the driver stated.
    placeChoice: editing ? await profilePlaces(context, session.token, profile.id_commune) : null,
    managing: url.searchParams.get('gestionar') === '1',
    modal,
    experience,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireSession(request, context, 'User')
  return profileAction({ request, context, session })
}

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), preloadParts(new URL(request.url))])
  return data
}

/**
 * With JS, the photo travels through XMLHttpRequest so its progress shows; the
 * other forms go as usual. Its code comes with the photo dialog (photo-modal.tsx loads it).
 */
export async function clientAction(args: Route.ClientActionArgs) {
  if (!/multipart\/form-data/i.test(args.request.headers.get('content-type') ?? '')) return args.serverAction()
  const { uploadClientAction } = await import('#app/components/upload/transfer')
  return uploadClientAction(args, pagePath('/user/dashboard/settings/subida'))
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, experiences, notifications, invitations, editing, managing, modal, experience, placeChoice } =
    loaderData
  const { search } = useLocation()
  const feedbackFor = (intent: string) => replyFor(actionData, intent)
  const to = (params: Record<string, string | number | null>) =>
    withParams(pagePath('/user/dashboard/settings'), search, params)
  const closeTo = to({ modal: null, id: null })

  return (
    <main id="contenido" className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Mi perfil</h1>
      <section
        aria-labelledby="foto"
        className="flex flex-wrap items-center gap-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <img
          src={profile.avatar}
          alt="Tu imagen de perfil"
          width={96}
          height={96}
          className="h-24 w-24 rounded-full border border-slate-200 bg-slate-100 object-cover"
        />
        <div className="min-w-0">
          <h2 id="foto" className="text-lg font-semibold break-words text-slate-900">
            {profile.firstname} {profile.lastname}
          </h2>
          <p className="text-sm break-all text-slate-700">{profile.email}</p>
          <Link
            to={to({ modal: 'foto', id: null })}
            preventScrollReset
            className={buttonClass('primary', 'mt-2 px-3 py-1.5 text-sm')}
          >
            Subir imagen
          </Link>
        </div>
      </section>

      <section aria-labelledby="datos" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="datos" className="text-lg font-semibold text-slate-900">
            {editing ? 'Editar datos' : 'Mis Datos'}
          </h2>
          <Link
            to={to({ editar: editing ? null : 1 })}
            preventScrollReset
            className={buttonClass('secondary', 'px-3 py-1.5 text-sm')}
          >
            {editing ? 'Mis Datos' : 'Editar'}
          </Link>
        </div>
        {editing && placeChoice ? (
          <ProfileForm
            profile={profile}
            placeChoice={placeChoice}
            feedback={feedbackFor('profile')}
            cancelTo={to({ editar: null })}
          />
        ) : (
          <ProfileDataView profile={profile} />
        )}
      </section>

      <ExperienceSection experiences={experiences} managing={managing} />

      <NotificationsSection
        preferences={notifications}
        email={profile.email}
        phone={profile.phone}
        feedback={feedbackFor('notifications')}
      />

      <InvitationsSection preference={invitations} feedback={feedbackFor('invitations')} />

      {modal === 'foto' ? <PhotoModal closeTo={closeTo} feedback={feedbackFor('photo')} /> : null}
      {modal === 'experiencia' ? (
        <ExperienceModal key="nueva" experience={null} closeTo={closeTo} feedback={feedbackFor('create-experience')} />
      ) : null}
      {modal === 'editar-experiencia' && experience ? (
        <ExperienceModal
          key={experience.id_ew}
          experience={experience}
          closeTo={closeTo}
          feedback={feedbackFor('update-experience')}
        />
      ) : null}
      {modal === 'eliminar-experiencia' && experience ? (
        <DeleteExperienceModal experience={experience} closeTo={closeTo} feedback={feedbackFor('delete-experience')} />
      ) : null}
    </main>
  )
}
