import type { AppLoadContext } from 'react-router'
import type { BulkMessageSent, ConsoleThread, DriverThreads, Thread } from '#domain/contract/messages'
import { callService } from './client'

export type { DriverThreads, Thread }

type Sent = { message: string; id_message: number }

/** An application's thread between the company and the driver (decision 105), from either side. */
export const threadsApi = {
  /** The company's side: reading it marks the driver's answers read. */
  companyThread: (ctx: AppLoadContext, token: string, id: number) =>
    callService<Thread>(ctx, 'business', `/business/applications/${id}/messages`, {
      auth: { role: 'business', token },
    }),
  companySend: (ctx: AppLoadContext, token: string, id: number, body: string) =>
    callService<Sent>(ctx, 'business', `/business/applications/${id}/messages`, {
      json: { body },
      auth: { role: 'business', token },
    }),
  /** One message into the thread of each of the posting's selected applications: all or none (decision 108). */
  companyBulkSend: (ctx: AppLoadContext, token: string, postingId: number, applications: number[], body: string) =>
    callService<BulkMessageSent>(ctx, 'business', `/business/job-postings/${postingId}/applicants-messages`, {
      json: { applications, body },
      auth: { role: 'business', token },
    }),
  /** The console's reading (administradores): marks nothing read, recorded as a view of the driver's data. */
  consoleThread: (ctx: AppLoadContext, token: string, id: number) =>
    callService<ConsoleThread>(ctx, 'users', `/admin/applications/${id}/messages`, { auth: { role: 'admin', token } }),
  /** The driver's side: reading it marks the company's messages read. */
  driverThread: (ctx: AppLoadContext, token: string, id: number) =>
    callService<Thread>(ctx, 'users', `/users/applications/${id}/messages`, { auth: { role: 'User', token } }),
  driverSend: (ctx: AppLoadContext, token: string, id: number, body: string) =>
    callService<Sent>(ctx, 'users', `/users/applications/${id}/messages`, {
      json: { body },
      auth: { role: 'User', token },
    }),
  driverThreads: (ctx: AppLoadContext, token: string) =>
    callService<DriverThreads>(ctx, 'users', '/users/applications/messages', { auth: { role: 'User', token } }),
  driverUnread: (ctx: AppLoadContext, token: string) =>
    callService<{ unread: number }>(ctx, 'users', '/users/applications/messages/unread', {
      auth: { role: 'User', token },
    }),
}
