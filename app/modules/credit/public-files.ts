/**
 * The files of credit that other modules may import (decision 0011): the
 * crediário arithmetic (the sale screen shows a plan's terms before paying).
 */
export const PUBLIC_FILES: readonly string[] = ["price-table.ts"];
