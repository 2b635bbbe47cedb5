import { CircleAlert } from "lucide-react";
import type { OwnerAlert } from "~/lib/job-alerts.server";

/**
 * Above every staff page for the owner when something failed with no one
 * watching: a backup failed or is late, a scheduled job failed, the data
 * disk is nearly full (lib/job-alerts.server.ts). Gone once it is fixed.
 */
export function OwnerAlertsBanner({ alerts }: { alerts: readonly OwnerAlert[] }) {
  if (alerts.length === 0) return null;
  return (
    <aside
      aria-label="Avisos do sistema"
      role="alert"
      className="border-b border-red-300 bg-red-50 px-4 py-2 text-sm text-red-950"
    >
      <div className="mx-auto flex max-w-6xl gap-2">
        <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-red-700" />
        <ul className="space-y-1">
          {alerts.map((alert) => (
            <li key={`${alert.kind}:${alert.message}`}>{alert.message}</li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
