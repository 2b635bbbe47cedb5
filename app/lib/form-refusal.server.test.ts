import { isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { ForbiddenError, InputError, NotFoundError } from "./errors";
import { formProblem, formRefusal } from "./form-refusal.server";

/** What a thrown `data(...)` becomes for the error page: its status. */
function thrownStatus(action: () => unknown) {
  try {
    action();
  } catch (error) {
    const init = (error as { init?: ResponseInit | null }).init;
    return init?.status ?? (isRouteErrorResponse(error) ? error.status : "erro não tratado");
  }
  return "nada lançado";
}

describe("formRefusal", () => {
  it("turns a module's refusal into its field messages, with what was typed and the error's status", () => {
    class CustomerInputError extends InputError {}
    const refusal = formRefusal(new CustomerInputError("duplicate-document", { document: "CPF já cadastrado." }), {
      values: { name: "Ana" },
    });
    expect(refusal).toMatchObject({
      data: { values: { name: "Ana" }, errors: { document: "CPF já cadastrado." } },
      init: { status: 400 },
    });
    const conflict = formRefusal(new InputError("stale", { form: "Recarregue a página." }, 409), {});
    expect(conflict).toMatchObject({ init: { status: 409 } });
  });

  it("answers a missing record with 404, a forbidden actor with 403, and lets a fault through", () => {
    expect(thrownStatus(() => formRefusal(new NotFoundError("OS nº 9 não encontrada."), {}))).toBe(404);
    expect(thrownStatus(() => formRefusal(new ForbiddenError("Área restrita à equipe"), {}))).toBe(403);
    const fault = new TypeError("x is undefined");
    expect(() => formRefusal(fault, {})).toThrow(fault);
  });

  it("gives an unreadable post one message for the whole form", () => {
    expect(formProblem({ intent: "" })).toMatchObject({
      data: { intent: "", errors: { form: "Envie o formulário desta página." } },
      init: { status: 400 },
    });
  });
});
