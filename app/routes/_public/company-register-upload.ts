import { href } from 'react-router'
import { answerUpload } from '#app/.server/upload-reply'
import type { Route } from './+types/company-register-upload'
import { action as pageAction } from './company-register'

/**
 * POST /empresas/registro/subida: the logo of a company's sign-up, sent with JS through
 * XMLHttpRequest for its progress bar (transfer.tsx). The page's own action runs, public like the
 * page, and its answer comes back as JSON (app/.server/upload-reply.ts).
 */
export function action(args: Route.ActionArgs) {
  return answerUpload(args, href('/empresas/registro'), pageAction)
}
