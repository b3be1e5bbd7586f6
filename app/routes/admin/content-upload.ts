import { href } from 'react-router'
import { answerUpload } from '#app/.server/upload-reply'
import type { Route } from './+types/content-upload'
import { action as pageAction } from './content'

/**
 * POST /admin/contenido/subida: a logo of the site's content, sent with JS through
 * XMLHttpRequest for its progress bar (transfer.tsx). The page's own action runs, with its guard
 * (the console's administrador), and its answer comes back as JSON (app/.server/upload-reply.ts).
 */
export function action(args: Route.ActionArgs) {
  return answerUpload(args, href('/admin/contenido'), pageAction)
}
