import { z } from "zod";
import { safeRedirectPath } from "./safe-redirect";

/** The longest message a flash carries (in a cookie): a longer one is clipped, never refused (the write it reports is done). */
export const FLASH_MESSAGE_MAX_LENGTH = 600;

/** What a form leaves for the next page to show once (app/lib/flash.server.ts carries it). */
export const FlashSchema = z.object({
  tone: z.enum(["success", "info"]).default("success"),
  title: z.string().max(120).optional(),
  message: z.string().max(FLASH_MESSAGE_MAX_LENGTH),
  /** A link shown with the message (the record just saved), a path of this site. */
  link: z
    .object({
      href: z
        .string()
        .max(300)
        .refine((href) => safeRedirectPath(href, "") === href),
      label: z.string().max(120),
    })
    .optional(),
  /** Which row of the page the message is about, to mark it ("order:123"). */
  subject: z.string().max(60).optional(),
});
export type Flash = z.input<typeof FlashSchema>;
export type ShownFlash = z.output<typeof FlashSchema>;
