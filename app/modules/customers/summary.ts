/** What another area (a service order, a sale, a debt) needs to show and contact a customer. */
export type CustomerSummary = { id: number; name: string; phone: string };

/** A line of the customer picker's list: the document masked, as in every list. */
export type CustomerLookupItem = CustomerSummary & { document: string };
