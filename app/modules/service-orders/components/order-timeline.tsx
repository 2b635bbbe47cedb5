import { formatDateTime } from "~/lib/dates";
import { isServiceOrderStatus, STATUS_LABELS } from "../status";

export type TimelineEventView = {
  id: number;
  toStatus: string;
  actorLabel: string;
  note: string;
  createdAt: Date | string;
};

/** Every status change, oldest first, with who made it and when. */
export function OrderTimeline({ events }: { events: readonly TimelineEventView[] }) {
  return (
    <ol className="space-y-3 border-l-2 border-slate-200 pl-4">
      {events.map((event) => (
        <li key={event.id} className="relative">
          <span aria-hidden className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-brand-700" />
          <p className="font-medium text-slate-900">
            {isServiceOrderStatus(event.toStatus) ? STATUS_LABELS[event.toStatus] : event.toStatus}
          </p>
          <p className="text-sm text-slate-600">
            <time dateTime={new Date(event.createdAt).toISOString()}>{formatDateTime(event.createdAt)}</time> · {event.actorLabel}
          </p>
          {event.note ? <p className="text-sm text-slate-700">{event.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
