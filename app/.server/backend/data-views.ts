import type { AppLoadContext } from 'react-router'
import { call } from './client'

/** Views of a driver's sensitive items (decision 78): the driver's own record and the console's trail. */
export const dataViewsApi = {
  /** «Quién vio mis datos» (auth-user). */
  mine: (ctx: AppLoadContext, token: string, page: number) =>
    call(ctx, 'users', 'get', '/users/my-data/views', { query: { page }, auth: { role: 'User', token } }),
  /** The console's «Accesos a sus datos» of one driver (auth-admin). */
  ofDriver: (ctx: AppLoadContext, token: string, driverId: number, page: number) =>
    call(ctx, 'users', 'get', '/admin/drivers/{id}/data-views', {
      params: { id: driverId },
      query: { page },
      auth: { role: 'admin', token },
    }),
}
