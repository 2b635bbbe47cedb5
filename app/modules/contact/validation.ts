import { z } from "zod";
import { requiredText } from "~/lib/forms";
import { isValidWhatsappNumber } from "~/lib/phone";

/** The /contato form, checked on the server; the same messages appear next to each field. */
export const ContactMessageSchema = z.object({
  name: requiredText("seu nome", { min: 2, max: 120 }),
  email: z
    .string({ error: "Informe seu e-mail." })
    .trim()
    .min(1, { error: "Informe seu e-mail.", abort: true })
    .max(254, "Use no máximo 254 caracteres.")
    .pipe(z.email("Informe um e-mail válido, como nome@exemplo.com.br.")),
  phone: z
    .string()
    .trim()
    .max(30, "Use no máximo 30 caracteres.")
    .default("")
    .refine(
      (phone) => phone === "" || isValidWhatsappNumber(phone),
      "Informe um telefone com DDD, como (11) 98765-4321, ou deixe em branco.",
    ),
  subject: requiredText("o assunto", { min: 3, max: 150 }),
  message: requiredText("sua mensagem", { min: 10, max: 5000 }),
});

export type ContactMessageInput = z.infer<typeof ContactMessageSchema>;
export type ContactField = keyof ContactMessageInput;
