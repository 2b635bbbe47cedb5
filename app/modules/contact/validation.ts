import { z } from "zod";
import { isValidWhatsappNumber } from "~/lib/phone";
import { hasNoNul, NUL_MESSAGE } from "~/lib/text-input";

const text = (field: string, min: number, max: number) =>
  z
    .string({ error: `Informe ${field}.` })
    .trim()
    .min(1, { error: `Informe ${field}.`, abort: true })
    .min(min, `Escreva pelo menos ${min} caracteres.`)
    .max(max, `Use no máximo ${max} caracteres.`)
    .refine(hasNoNul, NUL_MESSAGE);

/** The /contato form, checked on the server; the same messages appear next to each field. */
export const ContactMessageSchema = z.object({
  name: text("seu nome", 2, 120),
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
  subject: text("o assunto", 3, 150),
  message: text("sua mensagem", 10, 5000),
});

export type ContactMessageInput = z.infer<typeof ContactMessageSchema>;
export type ContactField = keyof ContactMessageInput;
