import { z } from "zod";
import { requiredText, tooLongMessage } from "~/lib/forms";
import { passwordProblem } from "./password-policy";
import { TEAM_ROLES } from "./roles";

/** Shared by the schemas below and the inputs of /equipe and /auth/convite. */
export const TEAM_LIMITS = { email: 254, fullName: 120, token: 200 } as const;

const EMAIL_MISSING = "Informe o e-mail da pessoa.";

const teamRoleField = z.enum(TEAM_ROLES, { error: "Escolha a função: equipe ou proprietário." });

export const StaffInviteSchema = z.object({
  email: z
    .string({ error: EMAIL_MISSING })
    .trim()
    .min(1, EMAIL_MISSING)
    .max(TEAM_LIMITS.email, tooLongMessage(TEAM_LIMITS.email))
    .pipe(z.email({ error: "Informe um e-mail válido, como nome@exemplo.com." }))
    .transform((email) => email.toLowerCase()),
  role: teamRoleField,
});

export const TeamRoleSchema = z.object({ role: teamRoleField });

export const AcceptInviteSchema = z
  .object({
    token: z.string({ error: "Link de convite ausente." }).min(1, "Link de convite ausente.").max(TEAM_LIMITS.token),
    fullName: requiredText("seu nome completo", { max: TEAM_LIMITS.fullName }),
    password: z.string({ error: "Informe a senha." }).superRefine((password, ctx) => {
      const problem = passwordProblem(password);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
    /** The form asks twice; a caller without the field (a test, a script) is not asked. */
    confirmation: z.string().optional(),
  })
  .superRefine((input, ctx) => {
    if (input.confirmation !== undefined && input.confirmation !== input.password)
      ctx.addIssue({ code: "custom", path: ["confirmation"], message: "As senhas não conferem." });
  });

export type AcceptInviteInput = z.input<typeof AcceptInviteSchema>;
