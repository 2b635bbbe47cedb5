import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { describeRouteError } from "~/components/layout/route-error";
import { RenderBusyError, TemplateError, TemplateMemoryError, TemplateTimeoutError } from "./render-pool.server";
import { forPrintPage } from "./render.server";

describe("a print page whose document cannot be filled", () => {
  it("answers 503 with its own words when the workers are busy or the template runs away (was a bare 500)", async () => {
    for (const fault of [
      new RenderBusyError("ocupado"),
      new TemplateTimeoutError(1_500),
      new TemplateMemoryError(),
      new TemplateError("Erro no modelo", null),
    ]) {
      const thrown = await forPrintPage("sale-receipt", () => Promise.reject(fault)).catch((error: unknown) => error);
      // What React Router makes of the thrown data() for the error page.
      const { data, init } = thrown as { data: unknown; init: { status: number } };
      expect(init.status, fault.name).toBe(503);
      expect(describeRouteError(new ErrorResponse(init.status, "", data))).toMatchObject({
        status: 503,
        title: "Documento não preenchido agora",
      });
    }
  });

  it("passes the document through, and any other failure unchanged", async () => {
    expect(await forPrintPage("sale-receipt", () => Promise.resolve("<p>ok</p>"))).toBe("<p>ok</p>");
    const other = new Error("banco fora do ar");
    await expect(forPrintPage("sale-receipt", () => Promise.reject(other))).rejects.toBe(other);
  });
});
