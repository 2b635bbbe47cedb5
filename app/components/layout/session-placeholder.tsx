/** Spec §2: while a protected page waits for the session, three grey blocks. */
export function SessionPlaceholder() {
  return (
    <div className="mx-auto max-w-5xl space-y-4 p-6" aria-busy="true" aria-label="Carregando" data-testid="session-placeholder">
      <div className="h-10 w-1/3 animate-pulse rounded-md bg-slate-200" />
      <div className="h-32 animate-pulse rounded-md bg-slate-200" />
      <div className="h-32 animate-pulse rounded-md bg-slate-200" />
    </div>
  );
}
