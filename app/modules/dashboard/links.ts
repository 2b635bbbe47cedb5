/**
 * Where each figure of the Painel leads: the list that shows the same rows,
 * through that list's own address filters. One place, so the page and the
 * integration suite (which opens each list with these filters and checks
 * its count) cannot drift apart.
 */
export const dashboardLinks = {
  ordersByStatus: (status: string) => `/service-orders?status=${encodeURIComponent(status)}`,
  pickups: (waitedDays: number | null = null) =>
    waitedDays === null ? "/pending-pickups" : `/pending-pickups?espera=${waitedDays}`,
  order: (orderId: number) => `/service-orders/${orderId}/edit`,
  register: "/cash-register",
  closedRegister: (registerId: number) => `/cash-register/${registerId}`,
  /** "Recebido" on a day, of one method (its "?forma=") or of all. */
  takingsOf: (day: string, method: string | null = null) =>
    `/cash-register/recebimentos/${day}${method === null ? "" : `?forma=${encodeURIComponent(method)}`}`,
  debtors: "/devedores",
  financeDue: (direction: "in" | "out", from: string, to: string) =>
    `/financial-management/lancamentos?${new URLSearchParams({
      tipo: direction === "in" ? "entrada" : "saida",
      situacao: "aberto",
      vencimento_de: from,
      vencimento_ate: to,
    }).toString()}`,
  instalmentsDueToday: "/cdc?situacao=due-today",
  lowStock: "/inventory?estoque=baixo",
  product: (productId: number) => `/inventory/${productId}`,
  warrantiesClaimed: (month: string, technician: string | null = null) =>
    `/warranty-contract?${new URLSearchParams({ reclamacao: month, ...(technician ? { tecnico: technician } : {}) }).toString()}`,
  warrantiesClaimedFromSupplier: (month: string, supplierId: number) =>
    `/warranty-contract?${new URLSearchParams({ reclamacao: month, fornecedor: String(supplierId) }).toString()}`,
  trafficOf: (day: string) => `/traffic-analysis?de=${day}&ate=${day}`,
} as const;
