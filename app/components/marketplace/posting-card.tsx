import { Link } from 'react-router'
import type { DriverPosting } from '#app/.server/backend/marketplace'
import { Badge } from '#app/components/ui/badge'
import { ApplicationBadge, CompanyLogo, factList, PayHeadline, shortDate, VerifiedCompanyBadge } from './posting-bits'

/** A posting in the driver's lists; its title links to the posting's page (decision 102). */
export function PostingCard({
  posting,
  href,
  children,
}: {
  posting: DriverPosting
  href: string
  children?: React.ReactNode
}) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-start gap-3">
        <CompanyLogo src={posting.logo} name={posting.company_name} />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-slate-900">
            <Link to={href} className="inline-flex min-h-11 items-center hover:text-brand-700 hover:underline">
              {posting.title}
            </Link>
          </h3>
          <p className="flex flex-wrap items-center gap-1.5 text-sm text-slate-700">
            {posting.company_name}
            {posting.company_verified ? <VerifiedCompanyBadge /> : null}
          </p>
          {posting.status === 'closed' || posting.application_status || posting.saved ? (
            <div className="mt-1 flex flex-wrap gap-1.5">
              {posting.status === 'closed' ? <Badge tone="danger">Cerrada</Badge> : null}
              {posting.application_status ? <ApplicationBadge status={posting.application_status} /> : null}
              {posting.saved ? <Badge tone="brand">Guardada</Badge> : null}
            </div>
          ) : null}
        </div>
      </div>
      <PayHeadline amount={posting.payment_amount} period={posting.payment_period} className="mt-3" />
      {/* The rows' classes once on the list, not on every row, term and value. */}
      <dl
        className={
          'mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm min-[480px]:grid-cols-2 *:flex ' +
          '*:min-w-0 *:gap-1.5 [&_dd]:min-w-0 [&_dd]:break-words [&_dd]:text-slate-900 ' +
          '[&_dt]:shrink-0 [&_dt]:text-slate-600'
        }
      >
        {factList(posting).map(([k, v]) => (
          <div key={k}>
            <dt>{`${k}:`}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-600">{`Publicada el ${shortDate(posting.created_at)}`}</p>
        {children}
      </div>
    </li>
  )
}
