/** Kept apart from bank-list.tsx: the layout shows it, and must not pull the bank form's schema in. */
/** Spec §2: three placeholders while the list loads (with JS). */
export function BankListSkeleton() {
  return (
    <div role="status" aria-label="Cargando cuentas bancarias" className="space-y-3" data-testid="bank-skeletons">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-20 animate-pulse rounded-lg border border-slate-200 bg-white p-4">
          <div className="h-4 w-1/2 rounded bg-slate-200" />
          <div className="mt-3 h-3 w-1/3 rounded bg-slate-200" />
        </div>
      ))}
    </div>
  )
}
