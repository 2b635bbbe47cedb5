/** Only routes and the server use the traffic analysis; no other module needs it. */
export const PUBLIC_FILES: readonly string[] = [];
