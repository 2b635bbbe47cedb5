import { MessageCircle, Send } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useId, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { whatsappLink } from "~/lib/whatsapp";
import { GENERAL_GREETING, OFF_HOURS_GREETING } from "~/lib/whatsapp-messages";
import { describeWeeklyHours, isShopOpen, type WeeklyHours } from "~/modules/shop-settings/opening-hours";

const RECHECK_INTERVAL_MS = 60_000;

const ROUND_BUTTON =
  "flex size-14 items-center justify-center rounded-full text-white shadow-lg focus-visible:outline-offset-4";

/**
 * Open or closed by the visitor's clock read in São Paulo time, checked again
 * every minute (spec §4). `null` until mounted: the server's answer could be
 * stale in a cached page and would not hydrate the same as the browser's.
 */
function useIsShopOpen(weeklyHours: WeeklyHours) {
  const [isOpen, setOpen] = useState<boolean | null>(null);
  useEffect(() => {
    const check = () => setOpen(isShopOpen(weeklyHours, new Date()));
    check();
    const timer = setInterval(check, RECHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [weeklyHours]);
  return isOpen;
}

export function FloatingWhatsapp({ whatsapp, weeklyHours }: { whatsapp: string; weeklyHours: WeeklyHours }) {
  const isOpen = useIsShopOpen(weeklyHours);
  return (
    <div className="fixed right-4 bottom-4 z-30 flex flex-col items-end gap-2">
      {isOpen === false ? (
        <OfflineWhatsapp whatsapp={whatsapp} weeklyHours={weeklyHours} />
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

function OfflineWhatsapp({ whatsapp, weeklyHours }: { whatsapp: string; weeklyHours: WeeklyHours }) {
  const [isModalOpen, setModalOpen] = useState(false);
  const bubbleId = useId();

  function sendAnyway() {
    window.open(whatsappLink(whatsapp, OFF_HOURS_GREETING), "_blank", "noopener,noreferrer");
    setModalOpen(false);
  }

  return (
    <>
      <p
        id={bubbleId}
        className="max-w-56 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm font-medium text-slate-900 shadow-lg"
      >
        Estamos offline. Deixe sua mensagem!
      </p>
      <Dialog.Root open={isModalOpen} onOpenChange={setModalOpen}>
        <Dialog.Trigger
          aria-label="Falar no WhatsApp"
          aria-describedby={bubbleId}
          data-status="offline"
          className={`${ROUND_BUTTON} bg-red-700 hover:bg-red-800`}
        >
          <MessageCircle aria-hidden className="size-7" />
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-lg bg-white p-6 text-slate-900 shadow-xl">
            <Dialog.Title className="text-lg font-semibold">Atendimento Offline</Dialog.Title>
            <Dialog.Description>
              Estamos fora do horário de atendimento agora. Deixe sua mensagem no WhatsApp e respondemos assim que
              abrirmos.
            </Dialog.Description>
            <div>
              <p className="font-medium">Horário de atendimento</p>
              <ul className="text-slate-700">
                {describeWeeklyHours(weeklyHours).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonClass({ variant: "outline" })}>Fechar</Dialog.Close>
              <button
                type="button"
                onClick={sendAnyway}
                className="inline-flex h-11 items-center justify-center gap-2 rounded-md bg-green-700 px-4 font-medium text-white hover:bg-green-800"
              >
                <Send aria-hidden className="size-4" />
                Enviar Mensagem Mesmo Assim
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
