import type { reviews } from "~/db/schema/reviews";

/** 75 fictional Portuguese reviews for a fresh database (issue 3 fills this in). */
export const DEMO_REVIEWS: (typeof reviews.$inferInsert)[] = [];
