import { z } from "zod";
import {
  completeOwnerSetup as completeOwnerAccountSetup,
  createOwner as createOwnerAccount,
  OwnerAccountSchema,
  type OwnerSetupAlongside,
} from "~/modules/accounts/owner-setup.server";
import { confirmShopIdentityInTx } from "./mutations.server";
import { forgetCachedShopSettings } from "./queries.server";
import { ConfirmedShopIdentitySchema } from "./validation";

/**
 * The first run's form: the owner's account (accounts/owner-setup.server.ts)
 * and the shop's real details, checked as the settings page checks them;
 * the form names them "shop.…".
 */
export const OwnerSetupSchema = OwnerAccountSchema.extend({ shop: ConfirmedShopIdentitySchema });

export type OwnerSetupInput = z.infer<typeof OwnerSetupSchema>;

/** The shop's details, saved in the owner's transaction; every page reads them fresh once it committed. */
function shopDetails(input: OwnerSetupInput): OwnerSetupAlongside {
  return {
    saveInTx: (tx, actor) => confirmShopIdentityInTx(tx, actor, input.shop),
    afterCommit: forgetCachedShopSettings,
  };
}

/** The owner account and the shop's details in one transaction (accounts' createOwner). */
export function createOwner(input: OwnerSetupInput) {
  return createOwnerAccount(input, shopDetails(input));
}

/** The owner setup form's whole effect (accounts' completeOwnerSetup): the session cookie, or null when the owner must sign in. */
export function completeOwnerSetup(input: OwnerSetupInput, requestHeaders: Headers) {
  return completeOwnerAccountSetup(input, requestHeaders, shopDetails(input));
}
