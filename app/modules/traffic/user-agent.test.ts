import { describe, expect, it } from "vitest";
import { browserOf, deviceOf } from "./user-agent";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const SAMSUNG =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36";
const ANDROID_TABLET =
  "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const WINDOWS_EDGE =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0";
const MAC_FIREFOX = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0";

describe("deviceOf and browserOf", () => {
  it.each([
    [IPHONE, "Celular", "Safari"],
    [ANDROID_CHROME, "Celular", "Chrome"],
    [SAMSUNG, "Celular", "Samsung Internet"],
    [ANDROID_TABLET, "Tablet", "Chrome"],
    [WINDOWS_EDGE, "Computador", "Edge"],
    [MAC_FIREFOX, "Computador", "Firefox"],
    ["curl/8.5.0", "Computador", "Outro"],
  ])("%s", (userAgent, device, browser) => {
    expect(deviceOf(userAgent)).toBe(device);
    expect(browserOf(userAgent)).toBe(browser);
  });
});
