import path from "node:path";
import { describe, expect, it } from "vitest";
import { InvalidEnvError, parseEnv } from "./env.server";

function parseError(source: NodeJS.ProcessEnv): InvalidEnvError {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof InvalidEnvError) return error;
    throw error;
  }
  throw new Error("parseEnv aceitou uma configuração inválida");
}

describe("parseEnv", () => {
  it("fills in the defaults of a bare environment", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      PUBLIC_URL: "http://localhost:3000",
      DATA_DIR: path.resolve("data"),
      RATE_LIMIT: "on",
      LOG_LEVEL: "info",
      DEMO_DATA: "on",
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it("reads DEMO_DATA=off (a new database starts without demo data)", () => {
    expect(parseEnv({ DEMO_DATA: "off" }).DEMO_DATA).toBe("off");
  });

  it("derives PUBLIC_URL from PORT when it is not set", () => {
    expect(parseEnv({ PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
  });

  it("keeps a given PUBLIC_URL, without its trailing slash", () => {
    expect(parseEnv({ PORT: "8080", PUBLIC_URL: "https://loja.example.com.br/" }).PUBLIC_URL).toBe("https://loja.example.com.br");
  });

  it("treats empty variables as unset", () => {
    const env = parseEnv({ PORT: "", DATABASE_URL: "", SMTP_URL: "" });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it("accepts postgres and smtp URLs and lower-cases the proxy header", () => {
    const env = parseEnv({
      DATABASE_URL: "postgres://balcao:senha@db:5432/balcao",
      SMTP_URL: "smtps://user:pass@smtp.example.com:465",
      TRUST_PROXY: "X-Forwarded-For",
    });
    expect(env.DATABASE_URL).toBe("postgres://balcao:senha@db:5432/balcao");
    expect(env.TRUST_PROXY).toBe("x-forwarded-for");
  });

  it.each([
    ["PORT", { PORT: "abc" }],
    ["PORT", { PORT: "70000" }],
    ["PORT", { PORT: "0" }],
    ["PORT", { PORT: "80.5" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://root@localhost/balcao" }],
    ["DATABASE_URL", { DATABASE_URL: "not a url" }],
    ["RATE_LIMIT", { RATE_LIMIT: "yes" }],
    ["DEMO_DATA", { DEMO_DATA: "no" }],
    ["PUBLIC_URL", { PUBLIC_URL: "ftp://loja.example" }],
    ["SMTP_URL", { SMTP_URL: "http://smtp.example" }],
    ["BETTER_AUTH_SECRET", { BETTER_AUTH_SECRET: "curto" }],
    ["TRUST_PROXY", { TRUST_PROXY: "x forwarded" }],
  ])("names %s when it is invalid", (variable, source) => {
    const error = parseError(source);
    expect(error).toBeInstanceOf(InvalidEnvError);
    expect(error.message).toContain(`${variable}:`);
  });

  it("lists every bad variable at once", () => {
    const { message } = parseError({ PORT: "abc", RATE_LIMIT: "talvez", DATABASE_URL: "mysql://x" });
    expect(message).toMatch(/^Configuração inválida:/);
    for (const variable of ["PORT", "RATE_LIMIT", "DATABASE_URL"]) expect(message).toContain(`${variable}:`);
  });
});
