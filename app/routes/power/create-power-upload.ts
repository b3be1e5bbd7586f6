import { href } from 'react-router'
import { answerUpload } from '#app/.server/upload-reply'
import type { Route } from './+types/create-power-upload'
import { action as pageAction } from './create-power'

/**
 * POST /crear-poder-simple/subida: the owner's ID images of a simple power, sent with JS through
 * XMLHttpRequest for their progress bar (transfer.tsx). The page's own action runs, without a
 * session like the page (the power's token in the query is the page's), and its answer comes back
 * as JSON (app/.server/upload-reply.ts).
 */
export function action(args: Route.ActionArgs) {
  return answerUpload(args, href('/crear-poder-simple'), pageAction)
}
