import { formText } from "~/lib/forms";
import { shopIdentityFormInput } from "./validation";

/** The owner-setup page's form, shared by the page and its action (no I/O). */
export const OWNER_SETUP_SHOP_PREFIX = "shop.";

/** The owner-setup form as OwnerSetupSchema reads it: the owner's fields and the shop's under "shop.". */
export function ownerSetupFormInput(form: FormData) {
  return {
    token: formText(form, "token"),
    fullName: formText(form, "fullName"),
    email: formText(form, "email"),
    password: formText(form, "password"),
    shop: shopIdentityFormInput(form, OWNER_SETUP_SHOP_PREFIX),
  };
}
