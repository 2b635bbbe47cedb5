import { fieldsOf, type CatalogueField } from "./field";

/** The shop as every document heads it (`loja`, shop-header.server.ts). */
export const SHOP_FIELDS: CatalogueField[] = fieldsOf([
  ["loja.nome", "Nome da loja, como aparece para o cliente"],
  ["loja.razao_social", "Razão social (ou o nome de quem responde pela loja)"],
  ["loja.documento_rotulo", "“CNPJ” ou “CPF”, conforme o documento da loja"],
  ["loja.cnpj", "CNPJ ou CPF da loja, só dígitos (use o filtro cpf_cnpj)"],
  ["loja.logo_url", "Endereço do logotipo (vazio quando não há)"],
  ["loja.endereco", "Endereço (rua, número, bairro)"],
  ["loja.cidade", "Cidade"],
  ["loja.uf", "Estado (sigla)"],
  ["loja.cep", "CEP da loja"],
  ["loja.whatsapp", "WhatsApp da loja, só dígitos (use o filtro telefone)"],
  ["loja.email", "E-mail da loja"],
  ["loja.demonstracao", "Verdadeiro enquanto os dados da loja são os de demonstração"],
  ["papel", "O papel do modelo: “a4”, “80mm”, “58mm” ou “label”"],
]);

/** Every document's own: the paper it is printed on. */
export const PAPER_FIELDS: CatalogueField[] = SHOP_FIELDS.filter((field) => field.path === "papel");

export const SAMPLE_SHOP = {
  nome: "Conserta Fácil Celulares",
  razao_social: "Conserta Fácil Assistência Técnica Ltda.",
  documento_rotulo: "CNPJ",
  cnpj: "12345678000195",
  logo_url: null,
  endereco: "Rua Augusta, 1200, loja 3 – Consolação",
  cidade: "São Paulo",
  uf: "SP",
  cep: "01304-001",
  whatsapp: "11987654321",
  email: "contato@consertafacil.com.br",
  demonstracao: false,
};
