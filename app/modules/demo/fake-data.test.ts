import { describe, expect, it } from "vitest";
import { isValidWhatsappNumber } from "~/lib/phone";
import { isValidCpf } from "~/modules/customers/document";
import { isValidImei } from "~/lib/imei";
import { fakeImei, fakeImeiOrSerial, pickDevice } from "./fake-devices";
import { buildCustomer, fakeCpf } from "./fake-people";
import { createRandom } from "./random";

const now = new Date("2026-11-22T15:00:00Z");

describe("fake people", () => {
  it("draws valid CPFs and mobile numbers, the same for the same seed", () => {
    const random = createRandom(1);
    for (let index = 0; index < 500; index++) {
      expect(isValidCpf(fakeCpf(random))).toBe(true);
      const customer = buildCustomer(random);
      expect(isValidWhatsappNumber(customer.phone ?? "")).toBe(true);
      expect(customer.phone?.[2]).toBe("9");
    }
    expect(buildCustomer(createRandom(9), { createdAt: now })).toEqual(buildCustomer(createRandom(9), { createdAt: now }));
  });
});

describe("fake devices", () => {
  it("draws valid IMEIs, and serials for devices without one", () => {
    const random = createRandom(4);
    for (let index = 0; index < 500; index++) {
      expect(isValidImei(fakeImei(random))).toBe(true);
      const device = pickDevice(random);
      const code = fakeImeiOrSerial(random, device);
      if (device.hasImei) expect(isValidImei(code)).toBe(true);
      else expect(code).toMatch(/^$|^[A-Z]{2}\d{8}$/);
    }
  });

  it("is mostly phones, as a phone shop's work is", () => {
    const random = createRandom(6);
    const phones = Array.from({ length: 2000 }, () => pickDevice(random)).filter((device) => device.type === "phone").length;
    expect(phones / 2000).toBeGreaterThan(0.6);
    expect(phones / 2000).toBeLessThan(0.8);
  });
});
