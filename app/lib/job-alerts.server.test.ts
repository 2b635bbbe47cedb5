import { describe, expect, it } from "vitest";
import { dataFolderStartProblem } from "./job-alerts.server";

const failure = (code: string) => Object.assign(new Error(`${code}: chmod '/dados'`), { code });

describe("início numa pasta de dados que não se pode gravar", () => {
  // npm run proof:disk: a server started on a folder remounted read-only died with EROFS's stack trace.
  it("diz em português o que houve e o que fazer, em vez do rastro de pilha", () => {
    for (const code of ["EROFS", "EACCES", "EPERM"])
      expect(dataFolderStartProblem(failure(code), "/dados")).toMatch(
        new RegExp(`^Não foi possível gravar na pasta de dados /dados \\(${code}\\): .*Devolva a permissão de escrita`),
      );
    expect(dataFolderStartProblem(failure("ENOSPC"), "/dados")).toMatch(/o disco está cheio\. Libere espaço/);
  });

  it("deixa os outros erros seguirem como são", () => {
    expect(dataFolderStartProblem(failure("ENOENT"), "/dados")).toBeNull();
    expect(dataFolderStartProblem(new Error("outro"), "/dados")).toBeNull();
  });
});
