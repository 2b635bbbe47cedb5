/** Routes and the server use the traffic analysis; the Painel reads today's counts through report.server.ts. */
export const PUBLIC_FILES: readonly string[] = ["report.server.ts"];
