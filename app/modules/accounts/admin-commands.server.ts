import { runBackupCommand } from "~/db/backup/backup-command.server";
import type { AdminCommand, AdminReply } from "~/lib/admin-socket.server";
import { isRole, ROLES } from "./roles";
import { setUserRole } from "./user-roles.server";

/** The commands the command-line tools (`npm run user:role`, `npm run db:backup`) send to the running server. */
export async function runAdminCommand(command: AdminCommand): Promise<AdminReply> {
  if (command.command === "backup") return runBackupCommand(command.file);
  if (command.command !== "set-role") return { ok: false, message: "Comando desconhecido." };
  if (!isRole(command.role)) return { ok: false, message: `Função inválida: use ${ROLES.join(", ")}.` };
  if (typeof command.email !== "string" || !command.email.includes("@"))
    return { ok: false, message: "Informe um e-mail válido." };
  try {
    const { previousRole } = await setUserRole(command.email, command.role, "linha de comando");
    return { ok: true, message: `${command.email}: ${previousRole ?? "customer"} → ${command.role}` };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : "Falha ao alterar a função." };
  }
}
