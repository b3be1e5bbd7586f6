import { data, type ActionFunctionArgs } from 'react-router'
import { UPLOAD_REPLY_HEADER, type UploadReply } from '#app/components/upload/upload-reply'

/**
 * The action of an upload route (`<page>/subida`, beside its page in app/routes.ts): with JS a
 * file travels there through XMLHttpRequest so its progress shows (transfer.tsx). It runs the
 * page's own action, guard included, on the request as if posted to the page (`pagePath` with the
 * query it came with), and answers what that action answered as JSON (`uploadReplyResponse`);
 * a redirect it throws (a guard's) is answered the same way. Any other Response it throws (a 503,
 * a 404) goes on as it is, a `data()` it throws as that Response: errors for the page's boundary.
 */
export async function answerUpload(
  args: ActionFunctionArgs,
  pagePath: string,
  pageAction: (args: ActionFunctionArgs) => Promise<unknown>,
): Promise<Response> {
  const { method, headers, body, signal } = args.request
  const url = new URL(`${pagePath}${new URL(args.request.url).search}`, args.request.url)
  const request = new Request(url, { method, headers, body, signal, duplex: 'half' } as RequestInit)
  let answer: unknown
  try {
    answer = await pageAction({ ...args, request, url })
  } catch (thrown) {
    if (thrown instanceof DataReply) {
      // A reply thrown (the console's «Sin permiso», 403): the error the page's boundary shows.
      const { data: value, init } = thrown as ReturnType<typeof data>
      throw Response.json(value, init ?? undefined)
    }
    if (!(thrown instanceof Response && redirectTarget(thrown))) throw thrown
    answer = thrown
  }
  return uploadReplyResponse(answer)
}

/** The class of what `data()` makes: a reply with its status and headers. */
const DataReply = data(null).constructor

function redirectTarget(response: Response): string | null {
  return response.status >= 300 && response.status < 400 ? response.headers.get('Location') : null
}

/**
 * An action's answer as an upload route's JSON: a redirect as `{ redirect, status }` (200, with the
 * headers it set but Location: the toast's or the session's cookie), a reply made by `data()` as
 * `{ data }` with its status and headers, a plain value as `{ data }` (200). Another Response is
 * passed on unmarked, so the page shows it as an error.
 */
export function uploadReplyResponse(answer: unknown): Response {
  let reply: UploadReply
  let status = 200
  let headers: Headers
  if (answer instanceof Response) {
    const location = redirectTarget(answer)
    if (!location) return answer
    reply = { redirect: location, status: answer.status }
    headers = new Headers(answer.headers)
    headers.delete('Location')
  } else if (answer instanceof DataReply) {
    const { data: value, init } = answer as ReturnType<typeof data>
    // `data()` with a redirect's status is a redirect (React Router answers it so).
    if (init?.status && init.status >= 300 && init.status < 400) return uploadReplyResponse(new Response(null, init))
    reply = { data: value }
    status = init?.status ?? 200
    headers = new Headers(init?.headers)
  } else {
    reply = { data: answer }
    headers = new Headers()
  }
  headers.set('Content-Type', 'application/json; charset=utf-8')
  headers.set('Cache-Control', 'no-store')
  headers.set(UPLOAD_REPLY_HEADER, '1')
  return new Response(JSON.stringify(reply), { status, headers })
}
