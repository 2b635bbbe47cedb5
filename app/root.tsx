import { Links, Meta, Outlet, Scripts, useLocation, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { useEffect, useState } from "react";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?inline";
import stylesheetUrl from "./app.css?url";
import { APPLY_PREFERENCES_SCRIPT } from "./components/layout/accessibility-preferences";
import { ErrorPage, errorPageMeta } from "./components/layout/route-error";
import { NavigationProgress } from "./components/layout/navigation-progress";
import { useRootData } from "./components/layout/root-data";
import { ScrollRestoration } from "./components/layout/scroll-restoration";
import { SessionPlaceholder } from "./components/layout/session-placeholder";
import { useNonce } from "./components/nonce";
import { Toaster } from "./components/ui/toaster";
import { sessionMiddleware, sessionUserContext } from "./modules/accounts/session.server";
import { listShopServices } from "./modules/shop-services/queries.server";
import { upcomingClosures } from "./modules/shop-settings/upcoming-closures";
import { getShopLogo, getShopSettings } from "./modules/shop-settings/queries.server";
import { shopToday, shopUtcOffsetMinutes } from "./lib/dates";
import { getEnv } from "./lib/env.server";
import { flashMiddleware } from "./lib/flash.server";
import { isProtectedPath } from "./lib/protected-paths";

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware, flashMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(sessionUserContext);
  const [shop, logo, footerServices] = await Promise.all([getShopSettings(), getShopLogo(), listShopServices("footer")]);
  const today = shopToday();
  return {
    origin: getEnv().PUBLIC_URL,
    user: user ? { email: user.email, name: user.name, role: user.role } : null,
    shop: {
      name: shop.name,
      legalName: shop.legalName,
      cnpj: shop.cnpj,
      address: shop.address,
      cep: shop.cep,
      city: shop.city,
      state: shop.state,
      whatsapp: shop.whatsapp,
      phones: shop.phones,
      email: shop.email,
      weeklyHours: shop.weeklyHours,
      // Holidays from today on: the footer lists them, and the chat widget reads a closure day as closed.
      closures: upcomingClosures(shop.closures, today),
      logo: logo ? { src: logo.src, srcSet: logo.srcSet, width: logo.width, height: logo.height } : null,
      utcOffsetMinutes: shopUtcOffsetMinutes(),
      socialLinks: shop.socialLinks,
      /** The footer's "Serviços" lines, as the shop wrote them (/blog-management/servicos). */
      services: footerServices.map((service) => service.title),
      /** Still the demo's fictional identity: the footer says so, and search engines are kept away. */
      isDemonstration: shop.detailsConfirmedAt === null,
      // BRIEF §3: "© 2024–{current year}" (the shop's year), from the server so the page hydrates the same.
      currentYear: Number(today.slice(0, 4)),
    },
  };
}

/** Pages set their own meta; an error page gets its title here (the routes below the boundary render none). */
export function meta({ error }: Route.MetaArgs) {
  if (!error) return [];
  return errorPageMeta(error);
}

/** The header shows who is signed in, so the root data is reloaded after auth calls and form posts. */
export function shouldRevalidate({ defaultShouldRevalidate, formAction }: ShouldRevalidateFunctionArgs) {
  return formAction ? true : defaultShouldRevalidate;
}

/**
 * `data-hydrated` on <html> once React has taken the page over: cached pages
 * load their scripts after the first paint (decision 0006), and the browser
 * tests wait for it before using what needs JavaScript.
 */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
}

/**
 * How the page gets its stylesheet. A visitor's page (the public site, kept
 * by the page cache and compressed once) carries it inline: the first paint
 * waits for no other request (decision 0006). A signed-in person's page is
 * rendered and compressed on every request, and the person moves between
 * such pages all day: there the stylesheet is a link to the hashed file,
 * fetched once and kept by the browser (a year, immutable), and each page is
 * ~65 KB lighter (issue 26: "≤ 200 KB of HTML", and the shell's CPU).
 * Chosen once per document: the browser's bundle has no text for an inline
 * stylesheet, so a page that was served with it must keep it as it is
 * after a sign-in, and a page that linked the file keeps the link after a sign-out.
 */
function useLinkedStylesheet(isSignedIn: boolean) {
  const [isLinked] = useState(isSignedIn);
  return isLinked;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRootData();
  const isDemonstration = rootData?.shop.isDemonstration ?? false;
  const isStylesheetLinked = useLinkedStylesheet(Boolean(rootData?.user));
  useHydratedMark();
  return (
    // The head script below may set the font scale and contrast class on <html> before React hydrates it.
    <html lang="pt-BR" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e40af" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {import.meta.env.DEV || isStylesheetLinked ? (
          <link rel="stylesheet" href={stylesheetUrl} precedence="default" />
        ) : (
          // The whole stylesheet (~8 KB gzip) inside the page, written by the server only: the first paint waits
          // for no other request, and the browser's bundle does without the text.
          <style suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? stylesheet : "" }} />
        )}
        {/* Only the server writes it (it has run before the browser hydrates), so the browser's bundle does without the text. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? APPLY_PREFERENCES_SCRIPT : "" }}
        />
        {/* A fictional shop must not reach search results; crawlers still fetch the pages (robots.txt allows them) to read this. */}
        {isDemonstration ? <meta name="robots" content="noindex" /> : null}
        <Meta />
        {/* No nonce: styles are not held to one (style-src), and the browser's render has none to match the server's
            (the development server's critical-CSS link otherwise failed hydration). */}
        <Links nonce="" />
      </head>
      <body>
        {children}
        <Toaster />
        <ScrollRestoration />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const isLoadingProtectedPage =
    navigation.state === "loading" && isProtectedPath(navigation.location.pathname) && !isProtectedPath(pathname);
  return (
    <>
      <NavigationProgress />
      {isLoadingProtectedPage ? <SessionPlaceholder /> : <Outlet />}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
