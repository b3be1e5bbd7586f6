import type { AppLoadContext } from 'react-router'
import { call } from './client'

/** An application's thread between the company and the driver (decision 105), from either side. */
export const threadsApi = {
  /** The company's side: reading it marks the driver's answers read. */
  companyThread: (ctx: AppLoadContext, token: string, id: number) =>
    call(ctx, 'business', 'get', '/business/applications/{id}/messages', {
      params: { id },
      auth: { role: 'business', token },
    }),
  companySend: (ctx: AppLoadContext, token: string, id: number, body: string) =>
    call(ctx, 'business', 'post', '/business/applications/{id}/messages', {
      params: { id },
      json: { body },
      auth: { role: 'business', token },
    }),
  /** One message into the thread of each of the posting's selected applications: all or none (decision 108). */
  companyBulkSend: (ctx: AppLoadContext, token: string, postingId: number, applications: number[], body: string) =>
    call(ctx, 'business', 'post', '/business/job-postings/{id}/applicants-messages', {
      params: { id: postingId },
      json: { applications, body },
      auth: { role: 'business', token },
    }),
  /** The console's reading (administradores): marks nothing read, recorded as a view of the driver's data. */
  consoleThread: (ctx: AppLoadContext, token: string, id: number) =>
    call(ctx, 'users', 'get', '/admin/applications/{id}/messages', { params: { id }, auth: { role: 'admin', token } }),
  /** The driver's side: reading it marks the company's messages read. */
  driverThread: (ctx: AppLoadContext, token: string, id: number) =>
    call(ctx, 'users', 'get', '/users/applications/{id}/messages', { params: { id }, auth: { role: 'User', token } }),
  driverSend: (ctx: AppLoadContext, token: string, id: number, body: string) =>
    call(ctx, 'users', 'post', '/users/applications/{id}/messages', {
      params: { id },
      json: { body },
      auth: { role: 'User', token },
    }),
  driverThreads: (ctx: AppLoadContext, token: string) =>
    call(ctx, 'users', 'get', '/users/applications/messages', { auth: { role: 'User', token } }),
  driverUnread: (ctx: AppLoadContext, token: string) =>
    call(ctx, 'users', 'get', '/users/applications/messages/unread', { auth: { role: 'User', token } }),
}
