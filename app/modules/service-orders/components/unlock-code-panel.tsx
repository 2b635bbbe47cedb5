import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { UNLOCK_KINDS } from "../validation";

/**
 * The code is never part of the page: a POST reveals it once (and the audit
 * log records who asked). Reloading the page hides it again.
 */
export function UnlockCodePanel({
  hasUnlockCode,
  unlockKind,
  isDelivered,
  revealed,
  error,
}: {
  hasUnlockCode: boolean;
  unlockKind: string | null;
  isDelivered: boolean;
  revealed: { kind: string; code: string } | null;
  error?: string;
}) {
  if (!hasUnlockCode) {
    return (
      <p className="text-sm text-slate-600">
        {isDelivered ? "A senha de desbloqueio foi apagada na entrega." : "Nenhuma senha de desbloqueio registrada."}
      </p>
    );
  }
  const kindLabel = (UNLOCK_KINDS as Record<string, string>)[revealed?.kind ?? unlockKind ?? ""] ?? "Senha";
  return (
    <div className="space-y-3">
      {error ? <Alert tone="destructive">{error}</Alert> : null}
      {revealed ? (
        <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3">
          <p className="text-sm text-amber-900">{kindLabel}:</p>
          <p className="font-mono text-2xl font-bold tracking-widest break-all text-slate-900" data-testid="unlock-code">
            {revealed.kind === "pattern" ? revealed.code.split("").join("-") : revealed.code}
          </p>
          <p className="text-xs text-amber-900">Esta consulta foi registrada. Recarregue a página para ocultar.</p>
        </div>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="reveal-unlock" />
          <p className="mb-2 text-sm text-slate-700">{kindLabel} registrada. Cada consulta fica no registro de auditoria.</p>
          <Button type="submit" variant="outline" size="sm">
            Mostrar senha de desbloqueio
          </Button>
        </Form>
      )}
    </div>
  );
}
