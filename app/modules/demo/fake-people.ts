import type { customers } from "~/db/schema/customers";
import { cpfCheckDigits } from "~/modules/customers/document";
import { randomDigits, type Random } from "./random";

/**
 * Fictional customers: names, phones and CPFs look real and pass the
 * checks, but belong to nobody.
 */

const FIRST_NAMES = [
  "Ana",
  "Maria",
  "Juliana",
  "Fernanda",
  "Patrícia",
  "Aline",
  "Camila",
  "Bruna",
  "Amanda",
  "Letícia",
  "Mariana",
  "Beatriz",
  "Larissa",
  "Gabriela",
  "Vanessa",
  "Tatiane",
  "Renata",
  "Simone",
  "Cláudia",
  "Luciana",
  "Débora",
  "Raquel",
  "Sônia",
  "Helena",
  "José",
  "João",
  "Antônio",
  "Francisco",
  "Carlos",
  "Paulo",
  "Pedro",
  "Lucas",
  "Luiz",
  "Marcos",
  "Luís",
  "Gabriel",
  "Rafael",
  "Daniel",
  "Marcelo",
  "Bruno",
  "Eduardo",
  "Felipe",
  "Rodrigo",
  "Gustavo",
  "Thiago",
  "Leonardo",
  "Mateus",
  "Vinícius",
  "Diego",
  "Igor",
  "Caio",
  "Otávio",
  "Wellington",
  "Rogério",
  "Sérgio",
  "Fábio",
  "Cristiane",
  "Elaine",
  "Priscila",
  "Jéssica",
] as const;

const SURNAMES = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Costa",
  "Ribeiro",
  "Martins",
  "Carvalho",
  "Almeida",
  "Lopes",
  "Soares",
  "Fernandes",
  "Vieira",
  "Barbosa",
  "Rocha",
  "Dias",
  "Nascimento",
  "Andrade",
  "Moreira",
  "Nunes",
  "Marques",
  "Machado",
  "Mendes",
  "Freitas",
  "Cardoso",
  "Ramos",
  "Gonçalves",
  "Santana",
  "Teixeira",
  "Araújo",
  "Pinto",
  "Cavalcanti",
  "Monteiro",
  "Moura",
  "Correia",
  "Batista",
  "Campos",
  "Castro",
  "Reis",
] as const;

/** Area codes (DDD) in use, with a city of that area for the address. */
const AREAS = [
  { ddd: "11", city: "São Paulo", state: "SP", cep: "01" },
  { ddd: "11", city: "Guarulhos", state: "SP", cep: "07" },
  { ddd: "11", city: "Osasco", state: "SP", cep: "06" },
  { ddd: "11", city: "Santo André", state: "SP", cep: "09" },
  { ddd: "13", city: "Santos", state: "SP", cep: "11" },
  { ddd: "19", city: "Campinas", state: "SP", cep: "13" },
  { ddd: "21", city: "Rio de Janeiro", state: "RJ", cep: "20" },
  { ddd: "31", city: "Belo Horizonte", state: "MG", cep: "30" },
  { ddd: "41", city: "Curitiba", state: "PR", cep: "80" },
  { ddd: "51", city: "Porto Alegre", state: "RS", cep: "90" },
  { ddd: "61", city: "Brasília", state: "DF", cep: "70" },
  { ddd: "71", city: "Salvador", state: "BA", cep: "40" },
  { ddd: "81", city: "Recife", state: "PE", cep: "50" },
  { ddd: "85", city: "Fortaleza", state: "CE", cep: "60" },
] as const;

const STREETS = [
  "Rua das Flores",
  "Rua São José",
  "Avenida Brasil",
  "Rua Sete de Setembro",
  "Rua XV de Novembro",
  "Avenida Paulista",
  "Rua Tiradentes",
  "Rua Dom Pedro II",
  "Rua Santos Dumont",
  "Avenida Getúlio Vargas",
  "Rua da Independência",
  "Rua Bela Vista",
  "Rua das Palmeiras",
  "Rua Castro Alves",
  "Avenida das Nações",
  "Rua Marechal Deodoro",
  "Rua Barão do Rio Branco",
] as const;

const DISTRICTS = [
  "Centro",
  "Vila Nova",
  "Jardim América",
  "Santa Cruz",
  "Boa Vista",
  "São João",
  "Vila Mariana",
  "Liberdade",
  "Industrial",
] as const;

function removeAccents(text: string) {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

export function fakeCpf(random: Random) {
  let firstNine = "";
  do firstNine = String(random.int(1, 999_999_998)).padStart(9, "0");
  while (/^(.)\1+$/.test(firstNine));
  return `${firstNine}${cpfCheckDigits(firstNine)}`;
}

/** An 11-digit mobile: area code, 9, then eight digits (never starting with 0 or 1). */
export function fakeMobile(random: Random, ddd: string) {
  return `${ddd}9${random.int(6, 9)}${randomDigits(random, 7)}`;
}

/** "Maria Souza", for someone who is not a customer (who collected a device for one). */
export function fakePersonName(random: Random) {
  return `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)}`;
}

export type CustomerRow = Omit<typeof customers.$inferInsert, "id">;

export function buildCustomer(random: Random, { createdAt = new Date(), serial = random.int(1, 9999) } = {}): CustomerRow {
  const first = random.pick(FIRST_NAMES);
  const surname1 = random.pick(SURNAMES);
  const surname2 = random.pick(SURNAMES);
  const name = random.chance(0.7) ? `${first} ${surname1} ${surname2}` : `${first} ${surname2}`;
  const area = random.pick(AREAS);
  const hasEmail = random.chance(0.55);
  const consents = random.chance(0.35);
  const emailName = removeAccents(`${first}.${surname2}`).toLowerCase();
  return {
    name,
    phone: fakeMobile(random, area.ddd),
    document: random.chance(0.7) ? fakeCpf(random) : null,
    email: hasEmail ? `${emailName}${serial}@cliente.example` : "",
    cep: `${area.cep}${randomDigits(random, 6)}`,
    address: random.chance(0.8) ? `${random.pick(STREETS)}, ${random.int(1, 2999)}` : "",
    district: random.pick(DISTRICTS),
    city: area.city,
    state: area.state,
    marketingConsent: consents,
    marketingConsentAt: consents ? createdAt : null,
    notes: "",
    createdAt,
    updatedAt: createdAt,
  };
}
