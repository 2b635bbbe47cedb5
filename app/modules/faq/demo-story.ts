/**
 * The demo shop's story, in Markdown (/historia until the shop writes its
 * own): fiction, seeded as is_demo and removed with the demo data.
 */
export const DEMO_STORY_MARKDOWN = `A loja nasceu de um balcão pequeno e de uma ideia simples: consertar bem, explicar direito e cumprir o prazo combinado.

## Mais de dez anos de balcão

### 2014 — Um balcão e uma bancada

Tudo começou num espaço de três metros no centro da cidade: um balcão, uma bancada e um técnico que consertava celulares de vizinhos e amigos. O nome veio daí — era no balcão que a gente conversava com cada cliente e explicava o defeito antes de abrir o aparelho.

### 2016 — Acessórios e os primeiros celulares à venda

Os clientes pediam capinhas, películas e carregadores de confiança. Passamos a vender acessórios testados por nós e, logo depois, celulares novos e seminovos revisados, com garantia.

### 2018 — A gráfica rápida

Uma impressora profissional no fundo da loja virou a gráfica rápida: documentos, cartões de visita, panfletos e adesivos para os comerciantes do bairro, muitas vezes prontos no mesmo dia.

### 2020 — Computadores, notebooks e reparo de placa

Com o trabalho e o estudo em casa, chegaram os notebooks. Montamos um laboratório de micro-soldagem para reparos de placa que muitas assistências recusam, e começamos a vender notebooks.

### 2022 — Do balcão para o digital

Nossa equipe de design passou a criar sites, aplicativos e campanhas de tráfego pago para pequenas empresas — os mesmos clientes que já imprimiam conosco.

### Hoje — O conserto acompanhado de perto

Cada aparelho recebe uma ordem de serviço que você consulta pela internet, com orçamento aprovado antes do reparo e garantia mínima de 90 dias. Mudou muita coisa desde o primeiro balcão, mas o jeito de atender continua o mesmo.

## No que acreditamos

- **Transparência:** orçamento antes do serviço, peça explicada e nada cobrado sem a sua aprovação.
- **Garantia de verdade:** mínimo de 90 dias em todo conserto, com termo por escrito.
- **Gente que explica:** você entende o que aconteceu com o seu aparelho e como evitar que aconteça de novo.
`;
