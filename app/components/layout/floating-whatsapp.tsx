import { MessageCircle } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { whatsappLink } from "~/lib/whatsapp";
import { GENERAL_GREETING } from "~/lib/whatsapp-messages";
import { isShopOpen, type DatedClosure, type WeeklyHours } from "~/modules/shop-settings/opening-hours";

const RECHECK_INTERVAL_MS = 60_000;

// The 'Atendimento Offline' modal loads on the first click: it is only ever needed out of hours.
const OfflineModal = lazy(() => import("./offline-modal").then((module) => ({ default: module.OfflineModal })));

const ROUND_BUTTON = "flex size-14 items-center justify-center rounded-full text-white shadow-lg focus-visible:outline-offset-4";

/**
 * Open or closed by the visitor's clock read in São Paulo time, checked again
 * every minute (spec §4). `null` until mounted: the server's answer could be
 * stale in a cached page and would not hydrate the same as the browser's.
 */
function useIsShopOpen(weeklyHours: WeeklyHours, closures: readonly DatedClosure[], utcOffsetMinutes: number) {
  const [isOpen, setOpen] = useState<boolean | null>(null);
  useEffect(() => {
    const check = () => setOpen(isShopOpen(weeklyHours, new Date(), utcOffsetMinutes, closures));
    check();
    const timer = setInterval(check, RECHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [weeklyHours, closures, utcOffsetMinutes]);
  return isOpen;
}

type FloatingWhatsappProps = {
  whatsapp: string;
  weeklyHours: WeeklyHours;
  /** Dated closures (holidays) from today on: such a day is closed whatever the weekly hours say. */
  closures: readonly DatedClosure[];
  utcOffsetMinutes: number;
};

export function FloatingWhatsapp({ whatsapp, weeklyHours, closures, utcOffsetMinutes }: FloatingWhatsappProps) {
  const isOpen = useIsShopOpen(weeklyHours, closures, utcOffsetMinutes);
  return (
    // The bubble is placed above the button, outside the box: it appears after hydration without moving anything (CLS).
    <div className="fixed right-4 bottom-4 z-30">
      {isOpen === false ? (
        <OfflineWhatsapp whatsapp={whatsapp} weeklyHours={weeklyHours} closures={closures} />
      ) : (
        // Before the clock is read (and without JavaScript) the plain chat link is offered.
        <a
          href={whatsappLink(whatsapp, GENERAL_GREETING)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Falar no WhatsApp"
          data-status={isOpen ? "online" : "pending"}
          className={`${ROUND_BUTTON} bg-green-700 hover:bg-green-800`}
        >
          <MessageCircle aria-hidden className="size-7" />
        </a>
      )}
    </div>
  );
}

function OfflineWhatsapp({
  whatsapp,
  weeklyHours,
  closures,
}: {
  whatsapp: string;
  weeklyHours: WeeklyHours;
  closures: readonly DatedClosure[];
}) {
  const [isModalOpen, setModalOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const bubbleId = useId();

  return (
    <>
      <p
        id={bubbleId}
        className="absolute right-0 bottom-full mb-2 w-max max-w-56 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm font-medium text-slate-900 shadow-lg"
      >
        Estamos offline. Deixe sua mensagem!
      </p>
      <button
        type="button"
        aria-label="Falar no WhatsApp"
        aria-describedby={bubbleId}
        aria-haspopup="dialog"
        aria-expanded={isModalOpen}
        data-status="offline"
        onClick={() => {
          setHasOpened(true);
          setModalOpen(true);
        }}
        className={`${ROUND_BUTTON} bg-red-700 hover:bg-red-800`}
      >
        <MessageCircle aria-hidden className="size-7" />
      </button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <OfflineModal
            isOpen={isModalOpen}
            onClose={() => setModalOpen(false)}
            whatsapp={whatsapp}
            weeklyHours={weeklyHours}
            closures={closures}
          />
        </Suspense>
      ) : null}
    </>
  );
}
