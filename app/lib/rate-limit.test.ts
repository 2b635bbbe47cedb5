import { describe, expect, it } from "vitest";
import { rateLimitKey } from "./rate-limit";

describe("rateLimitKey", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(rateLimitKey("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitKey("203.0.113.7")).not.toBe(rateLimitKey("203.0.113.8"));
  });

  it("keys an IPv6 client by its /64, the block one home or phone line gets", () => {
    const key = rateLimitKey("2001:db8:85a3:12::1");
    expect(rateLimitKey("2001:db8:85a3:12:ffff:ffff:ffff:fffe")).toBe(key);
    expect(rateLimitKey("2001:0DB8:85A3:0012:0000:0000:0000:0002")).toBe(key);
    expect(rateLimitKey("2001:db8:85a3:12::1%eth0")).toBe(key);
    expect(rateLimitKey("2001:db8:85a3:13::1")).not.toBe(key);
    expect(rateLimitKey("2001:db9:85a3:12::1")).not.toBe(key);
  });

  it("handles the compressed forms at either end", () => {
    expect(rateLimitKey("::1")).toBe(rateLimitKey("0:0:0:0:0:0:0:2"));
    expect(rateLimitKey("fe80::")).toBe(rateLimitKey("fe80:0:0:0:1:2:3:4"));
    expect(rateLimitKey("fe80::")).not.toBe(rateLimitKey("::1"));
  });

  it("keys an IPv4 client reaching a dual-stack socket by its IPv4 address", () => {
    expect(rateLimitKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitKey("::FFFF:cb00:7107")).toBe("203.0.113.7");
    expect(rateLimitKey("::ffff:203.0.113.8")).not.toBe(rateLimitKey("::ffff:203.0.113.7"));
  });

  it("leaves anything that is not an address as it is", () => {
    expect(rateLimitKey("desconhecido")).toBe("desconhecido");
    expect(rateLimitKey("2001:db8::zz")).toBe("2001:db8::zz");
  });
});
