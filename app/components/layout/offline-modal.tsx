import { Send } from "lucide-react";
import { useId } from "react";
import { buttonClass } from "~/components/ui/button";
import { ModalDialog } from "~/components/ui/dialog";
import { reportConversion } from "~/lib/traffic-beacon";
import { whatsappLink } from "~/lib/whatsapp";
import { OFF_HOURS_GREETING } from "~/lib/whatsapp-messages";
import { describeClosure, describeWeeklyHours, type DatedClosure, type WeeklyHours } from "~/modules/shop-settings/opening-hours";

/** Spec §4: out of hours, the chat button opens this: the hours, and WhatsApp with the off-hours message anyway. */
export function OfflineModal({
  isOpen,
  onClose,
  whatsapp,
  weeklyHours,
  closures,
}: {
  isOpen: boolean;
  onClose: () => void;
  whatsapp: string;
  weeklyHours: WeeklyHours;
  closures: readonly DatedClosure[];
}) {
  const titleId = useId();
  const descriptionId = useId();

  function sendAnyway() {
    reportConversion("whatsapp");
    window.open(whatsappLink(whatsapp, OFF_HOURS_GREETING), "_blank", "noopener,noreferrer");
    onClose();
  }

  return (
    <ModalDialog
      isOpen={isOpen}
      onClose={onClose}
      labelledBy={titleId}
      describedBy={descriptionId}
      placement="center"
      className="space-y-4 rounded-lg bg-white p-6"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        Atendimento Offline
      </h2>
      <p id={descriptionId}>
        Estamos fora do horário de atendimento agora. Deixe sua mensagem no WhatsApp e respondemos assim que abrirmos.
      </p>
      <div>
        <p className="font-medium">Horário de atendimento</p>
        <ul className="text-slate-700">
          {describeWeeklyHours(weeklyHours).map((line) => (
            <li key={line}>{line}</li>
          ))}
          {closures.map((closure) => (
            <li key={closure.date}>{describeClosure(closure)}</li>
          ))}
        </ul>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={buttonClass({ variant: "outline" })}>
          Fechar
        </button>
        <button
          type="button"
          onClick={sendAnyway}
          className="inline-flex h-11 items-center justify-center gap-2 rounded-md bg-green-700 px-4 font-medium text-white hover:bg-green-800"
        >
          <Send aria-hidden className="size-4" />
          Enviar Mensagem Mesmo Assim
        </button>
      </div>
    </ModalDialog>
  );
}
