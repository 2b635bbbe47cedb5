import { defineSaleLoyaltyDiscountSuite } from "./sale-loyalty-discount-suite";

defineSaleLoyaltyDiscountSuite("pglite");
