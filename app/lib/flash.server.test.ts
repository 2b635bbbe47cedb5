import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { FLASH_MESSAGE_MAX_LENGTH } from "./flash";
import { FLASH_COOKIE, flashMiddleware, flashOf, hasFlashCookieHeader, redirectWithFlash } from "./flash.server";

/** The cookie a redirect set, as the browser sends it back. */
function cookieOf(response: Response) {
  const header = response.headers.get("set-cookie") ?? "";
  return header.split(";")[0]!;
}

/** A cookie written by hand, as an attacker could. */
const forged = (value: unknown) => `${FLASH_COOKIE}=${Buffer.from(JSON.stringify(value)).toString("base64url")}`;

async function runMiddleware(cookie: string | null, next: () => Response) {
  const context = new RouterContextProvider();
  const request = new Request("http://loja.test/customers", { headers: cookie ? { cookie } : {} });
  const response = (await flashMiddleware(
    { request, context, params: {}, unstable_pattern: "/customers" } as unknown as Parameters<typeof flashMiddleware>[0],
    async () => next(),
  )) as Response;
  return { response, flash: flashOf(context) };
}

describe("flash messages", () => {
  it("carries the message of a redirect to the next page once, then clears it", async () => {
    const redirect = redirectWithFlash("/customers", {
      title: "Cliente cadastrado",
      message: "(11) 98765-4321",
      link: { href: "/customers/12", label: "Maria" },
    });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("/customers");
    expect(redirect.headers.get("set-cookie")).toMatch(
      new RegExp(`^${FLASH_COOKIE}=.+; Path=/; Max-Age=60; HttpOnly; SameSite=Lax$`),
    );

    const { response, flash } = await runMiddleware(cookieOf(redirect), () => new Response("página"));
    expect(flash).toEqual({
      tone: "success",
      title: "Cliente cadastrado",
      message: "(11) 98765-4321",
      link: { href: "/customers/12", label: "Maria" },
    });
    expect(response.headers.get("set-cookie")).toBe(`${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("clips a message too long for the cookie instead of failing the write it reports (it was a 500 after the commit)", async () => {
    const long = `Foram apagados: ${Array.from({ length: 40 }, (_, index) => `${index + 1} itens do tipo ${index}`).join("; ")}.`;
    const redirect = redirectWithFlash("/configuracoes/demonstracao", { title: "Dados de demonstração apagados", message: long });
    const { flash } = await runMiddleware(cookieOf(redirect), () => new Response("página"));
    expect(flash?.message.length).toBe(FLASH_MESSAGE_MAX_LENGTH);
    expect(flash?.message.endsWith("…")).toBe(true);
    expect(long.startsWith(flash!.message.slice(0, -1))).toBe(true);
  });

  it("passes the message on through another redirect, and leaves a page without one alone", async () => {
    const cookie = cookieOf(redirectWithFlash("/customers", { message: "Salvo." }));
    const { response } = await runMiddleware(cookie, () => new Response(null, { status: 302, headers: { location: "/x" } }));
    expect(response.headers.get("set-cookie")).toBeNull();
    const plain = await runMiddleware(null, () => new Response("página"));
    expect(plain.flash).toBeNull();
    expect(plain.response.headers.get("set-cookie")).toBeNull();
    expect(plain.response.headers.get("cache-control")).toBeNull();
    expect(hasFlashCookieHeader(`a=1; ${cookie}`)).toBe(true);
    expect(hasFlashCookieHeader("a=1; outro_balcao_flash=2")).toBe(false);
  });

  it("ignores a forged or broken cookie, and never links to another site", async () => {
    for (const cookie of [
      `${FLASH_COOKIE}=não-é-base64`,
      forged({ message: "x".repeat(FLASH_MESSAGE_MAX_LENGTH + 1) }),
      forged({ message: "Clique", link: { href: "https://golpe.example", label: "aqui" } }),
      forged({ message: "Clique", link: { href: "//golpe.example", label: "aqui" } }),
      forged({ message: "Olá", tone: "destructive" }),
    ]) {
      const { flash, response } = await runMiddleware(cookie, () => new Response("página"));
      expect(flash, cookie).toBeNull();
      expect(response.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    }
    expect(() => redirectWithFlash("/", { message: "x", link: { href: "https://golpe.example", label: "y" } })).toThrow();
  });

  it("does not clear a message a response sets anew", async () => {
    const cookie = cookieOf(redirectWithFlash("/a", { message: "Primeiro." }));
    const { response } = await runMiddleware(cookie, () => {
      const next = redirectWithFlash("/b", { message: "Segundo." });
      return new Response("página", { headers: { "set-cookie": next.headers.get("set-cookie")! } });
    });
    expect(response.headers.getSetCookie()).toHaveLength(1);
    expect(response.headers.get("set-cookie")).not.toMatch(/Max-Age=0/);
  });
});
