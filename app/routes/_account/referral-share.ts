import { currentUser } from "~/modules/accounts/session.server";
import { getAccountReferralShare } from "~/modules/customers/referrals.server";
import type { Route } from "./+types/referral-share";

/** The signed-in customer's own referral code and link (AccountReferralShare loads it); none for staff or without a record. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = currentUser(context);
  if (user.role !== "customer") return { share: null };
  return { share: await getAccountReferralShare(user.id) };
}
