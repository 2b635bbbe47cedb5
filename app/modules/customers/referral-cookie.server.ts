import { redirect, type MiddlewareFunction } from "react-router";
import { cookieFlags } from "~/lib/cookie-flags.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { isStaffRole } from "~/modules/accounts/roles";
import { currentUser } from "~/modules/accounts/session.server";
import { readReferralCode } from "./referral-code";
import { recordReferralOfAccount } from "./referrals.server";

/**
 * A sign-up through a customer's link (/auth?indicacao=CODE): the code is
 * kept in a cookie from the link until the new account's first signed-in
 * page (after the e-mail is confirmed and the person signs in), where it is
 * recorded on the account's customer record and the cookie is cleared.
 */
export const REFERRAL_COOKIE = "balcao_indicacao";
const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;
const COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${REFERRAL_COOKIE}=([^;]*)`);

export function referralCookie(code: string) {
  return `${REFERRAL_COOKIE}=${code}; Path=/; Max-Age=${THIRTY_DAYS_SECONDS}; ${cookieFlags()}`;
}

const cleared = () => `${REFERRAL_COOKIE}=; Path=/; Max-Age=0; ${cookieFlags()}`;

export function referralCodeOfCookie(cookie: string | null | undefined) {
  return readReferralCode(COOKIE_PATTERN.exec(cookie ?? "")?.[1]);
}

/**
 * The signed-in area's middleware: a customer arriving with the cookie has
 * the referral recorded (or refused: their own code, a circular referral)
 * and sees what happened on the page they asked for; staff just lose the
 * cookie. Only page loads (GET) do it, never a form's post.
 */
export const recordReferralFromLinkMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  const cookie = request.headers.get("cookie");
  if (request.method !== "GET" || !cookie?.includes(`${REFERRAL_COOKIE}=`)) return;
  const code = referralCodeOfCookie(cookie);
  const user = currentUser(context);
  const url = new URL(request.url);
  const back = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
  const headers = { "Set-Cookie": cleared() };
  if (!code || isStaffRole(user.role)) throw redirect(back, { headers });
  const outcome = await recordReferralOfAccount(user.id, code);
  throw redirectWithFlash(back, { message: outcome.message, tone: outcome.ok ? "success" : "info" }, { headers });
};
