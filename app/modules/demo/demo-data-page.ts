/** Where the owner removes the demo data; the staff banner links here. */
export const DEMO_DATA_PAGE = "/configuracoes/demonstracao";
