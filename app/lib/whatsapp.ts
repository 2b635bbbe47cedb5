import { phoneDigits } from "./phone";

/** A click-to-chat link to a Brazilian number with URL-encoded text. */
export function whatsappLink(shopNumber: string, text: string) {
  return `https://wa.me/55${phoneDigits(shopNumber)}?text=${encodeURIComponent(text)}`;
}
