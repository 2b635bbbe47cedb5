import config from "./playwright.config";

// Local only (not committed): the shared machine is loaded, the build and first start take over 120 s.
export default { ...config, webServer: { ...config.webServer, timeout: 480_000 } };
