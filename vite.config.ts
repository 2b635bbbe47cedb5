import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type UserConfig } from "vite";
import { productionProtectionsInDev } from "./scripts/support/dev-server-plugin.ts";

/**
 * What the public frame (root.tsx, routes/_site/layout.tsx) loads on every
 * page. Left to the automatic split it came as some twenty files of a few
 * hundred bytes, each a request of its own and compressed apart. Lazy parts
 * (the accessibility panel, the offline modal, the account menu, the static
 * footer columns) are not listed, so they keep their own chunks.
 */
const PUBLIC_FRAME_MODULES = new RegExp(
  [
    "components/nonce\\.",
    "components/layout/(site-frame|site-header|site-footer|site-navigation|account-menu|floating-accessibility|accessibility-preferences|floating-whatsapp|qr-code|root-data|route-error|navigation-progress|session-placeholder)\\.",
    // Not dialog.tsx: only the offline modal, loaded on demand, uses ModalDialog.
    "components/ui/(button|dialog-placement|field|menu-drawer|static-section|toaster)\\.",
    "lib/(class-names|phone|protected-paths|seo|whatsapp|whatsapp-messages)\\.",
    "modules/shop-settings/opening-hours\\.",
  ]
    .map((path) => `[\\\\/]app[\\\\/]${path.replaceAll("/", "[\\\\/]")}`)
    .join("|"),
);

/**
 * The server bundle's entry is the whole server (app/server/start.server.ts:
 * Hono, the database, the timers) with every route, so production loads one
 * copy of each module (decision 0021). server.ts only starts it.
 */
const SERVER_ENTRY = "./app/server/start.server.ts";

const build: UserConfig["build"] = {
  // React Router preloads each route's modules itself. Vite's helper would only add, to every page's
  // JavaScript, preloading for the few chunks loaded on demand (QR code, toasts, static sections).
  modulePreload: false,
  rolldownOptions: {
    output: {
      codeSplitting: {
        groups: [
          {
            // Every page needs all of React and React Router. Left to the automatic split they came as six
            // files, each its own request (six at a time over HTTP/1.1) and compressed apart (~2.5 KB more gzip).
            name: "framework",
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            priority: 2,
          },
          // With their static imports (the lucide icons of the header and the floating buttons).
          { name: "site", test: PUBLIC_FRAME_MODULES, priority: 1 },
        ],
      },
    },
  },
};

export default defineConfig({
  // Before React Router's: the development server answers through the production server's app (see the plugin).
  plugins: [tailwindcss(), productionProtectionsInDev(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build,
  // React Router's plugin takes the server bundle's entry from here.
  environments: { ssr: { build: { rolldownOptions: { input: SERVER_ENTRY } } } },
  // A fixed port: the server holds form posts to PUBLIC_URL's origin (http://localhost:PORT), so it may not move.
  server: { port: Number(process.env.PORT ?? 3000), strictPort: true },
});
