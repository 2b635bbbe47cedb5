import { describe, expect, it } from "vitest";
import { localBusinessData, type LocalBusinessShop } from "./local-business";
import { DEFAULT_WEEKLY_HOURS } from "./opening-hours";

const SHOP: LocalBusinessShop = {
  name: "Conserta Já Celulares",
  legalName: "Conserta Já Reparos Eletrônicos Ltda.",
  cnpj: "11.222.333/0001-81",
  address: "Avenida Brasil, 500",
  cep: "13070-000",
  city: "Campinas",
  state: "SP",
  whatsapp: "19998765432",
  email: "contato@consertaja.com.br",
  weeklyHours: DEFAULT_WEEKLY_HOURS,
  closures: [],
  logo: null,
  socialLinks: { instagram: "https://www.instagram.com/consertaja", facebook: "" },
};

describe("localBusinessData", () => {
  it("describes the shop from its settings: +55 phone, address, the social links that are set", () => {
    const data = localBusinessData(SHOP, "https://consertaja.com.br");
    expect(data).toMatchObject({
      "@type": "ElectronicsStore",
      telephone: "+5519998765432",
      image: "https://consertaja.com.br/favicon.svg",
      address: { postalCode: "13070-000", addressLocality: "Campinas", addressCountry: "BR" },
      sameAs: ["https://www.instagram.com/consertaja"],
    });
    expect(data.specialOpeningHoursSpecification).toBeUndefined();
  });

  it("shows the shop's logo, and its holidays as days closed", () => {
    const data = localBusinessData(
      {
        ...SHOP,
        logo: { src: "/arquivos/abc-480.webp" },
        closures: [
          { date: "2026-12-25", reason: "Natal" },
          { date: "2027-01-01", reason: "Ano-novo" },
        ],
      },
      "https://consertaja.com.br",
    );
    expect(data.image).toBe("https://consertaja.com.br/arquivos/abc-480.webp");
    expect(data.specialOpeningHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", validFrom: "2026-12-25", validThrough: "2026-12-25" },
      { "@type": "OpeningHoursSpecification", validFrom: "2027-01-01", validThrough: "2027-01-01" },
    ]);
  });
});
