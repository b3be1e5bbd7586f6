import { href } from 'react-router'
import { answerUpload } from '#app/.server/upload-reply'
import type { Route } from './+types/home-upload'
import { action as pageAction } from './home'

/**
 * POST /user/dashboard/home/subida: a document of the driver home, sent with JS through
 * XMLHttpRequest for its progress bar (transfer.tsx). The page's own action runs, with its guard
 * (the driver's session), and its answer comes back as JSON (app/.server/upload-reply.ts).
 */
export function action(args: Route.ActionArgs) {
  return answerUpload(args, href('/user/dashboard/home'), pageAction)
}
