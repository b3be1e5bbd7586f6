import { useEffect, useRef } from 'react'
import { type Form, useFetcher } from 'react-router'
import type { ActionReply } from '#app/components/action-reply'
import { JsMarker } from '#app/components/js-marker'
import { Alert } from '#app/components/ui/alert'
import { SubmitButton } from '#app/components/ui/button'
import { TextAreaField } from '#app/components/ui/field'
import type { ThreadMessage } from '#domain/contract/messages'

/** A message as the screens show it: its moment already written by the loader (#domain/format). */
export type ShownMessage = ThreadMessage & { at: string }

export interface ShownThread {
  id_application: number
  messages: ShownMessage[]
  can_write: boolean
}

/** What the page's action answers a message sent with JS (without JS it redirects): a refusal in `errors`. */
type ThreadAnswer = ActionReply

/** How a message is shown: who wrote it, on which side, and a note after its moment («Nuevo»). */
interface Side {
  name: string
  right: boolean
  note: string | null
}

/**
 * The history, oldest first: the reader's own messages (or, in the console, the driver's) on the
 * right in the brand colour, the other side's on the left.
 */
export function MessageList({
  messages,
  side,
  endRef,
}: {
  messages: ShownMessage[]
  side: (m: ShownMessage) => Side
  endRef?: React.Ref<HTMLLIElement>
}) {
  return (
    <ol className="space-y-3" aria-label="Mensajes" data-testid="hilo">
      {messages.map((m, i) => {
        const s = side(m)
        return (
          <li
            key={m.id}
            ref={i === messages.length - 1 ? endRef : undefined}
            className={`flex ${s.right ? 'justify-end' : 'justify-start'}`}
          >
            <div
              className={
                'max-w-[85%] rounded-2xl px-3.5 py-2.5 text-sm ' +
                (s.right ? 'bg-brand-700 text-white' : 'border border-slate-200 bg-slate-50 text-slate-900')
              }
            >
              <p className={`text-xs font-semibold ${s.right ? 'text-white/90' : 'text-slate-700'}`}>
                {s.name} · <time dateTime={m.created_at}>{m.at}</time>
                {s.note ? (
                  <span className={`ml-1.5 ${s.right ? 'text-white' : 'text-brand-800'}`}>· {s.note}</span>
                ) : null}
              </p>
              {m.subject ? <p className="mt-1 font-semibold break-words">{m.subject}</p> : null}
              <p className="mt-1 break-words whitespace-pre-wrap">{m.body}</p>
            </div>
          </li>
        )
      })}
    </ol>
  )
}

/**
 * One application's conversation (decision 105), as either party sees it: the history oldest
 * first, then the box to write. Bodies are text (React escapes them; line breaks kept by CSS),
 * never HTML. Without JS the form posts and the page comes back with the thread; with JS a fetcher
 * sends it and the page's loaders bring the new message without a reload.
 */
export function ThreadView({
  thread,
  me,
  otherName,
  cannotWrite,
}: {
  thread: ShownThread
  me: 'company' | 'driver'
  otherName: string
  cannotWrite: string
}) {
  const fetcher = useFetcher<ThreadAnswer>()
  const form = useRef<HTMLFormElement>(null)
  const end = useRef<HTMLLIElement>(null)
  const answer = fetcher.data
  useEffect(() => {
    if (fetcher.state === 'idle' && answer && !answer.errors?.length) form.current?.reset()
  }, [fetcher.state, answer])
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' })
  }, [thread.messages.length])
  const FormTag = fetcher.Form as typeof Form
  return (
    <div className="space-y-4">
      {thread.messages.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-700">
          {thread.can_write
            ? `Aún no hay mensajes. Escribe el primero: ${otherName} recibirá un aviso.`
            : 'Aún no hay mensajes.'}
        </p>
      ) : (
        <MessageList
          messages={thread.messages}
          endRef={end}
          side={(m) =>
            m.sender === me
              ? { name: 'Tú', right: true, note: null }
              : { name: otherName, right: false, note: m.read ? null : 'Nuevo' }
          }
        />
      )}
      {thread.can_write ? (
        <FormTag method="post" ref={form} preventScrollReset className="space-y-3 border-t border-slate-100 pt-4">
          <JsMarker />
          <input type="hidden" name="intent" value="mensaje" />
          <input type="hidden" name="id_application" value={thread.id_application} />
          <Alert tone="error" messages={answer?.errors} replyId={answer?.id} focus />
          <TextAreaField
            label="Tu mensaje"
            hint="Solo texto, hasta 2.000 caracteres."
            textareaProps={{
              id: `mensaje-${thread.id_application}`,
              name: 'body',
              rows: 3,
              maxLength: 2000,
              required: true,
            }}
          />
          <SubmitButton name="intent" value="mensaje" fetcher={fetcher} pendingText="Enviando…">
            Enviar mensaje
          </SubmitButton>
        </FormTag>
      ) : (
        <p className="text-sm text-slate-700">{cannotWrite}</p>
      )}
    </div>
  )
}
