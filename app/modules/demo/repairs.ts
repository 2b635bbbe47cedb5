import type { DeviceType } from "~/modules/service-orders/validation";

/** What goes wrong with each kind of device, the service that fixes it and its price range in centavos. */
export type Repair = {
  defect: string;
  service: string;
  serviceCents: [number, number];
  part?: { description: string; cents: [number, number] };
};

export const REPAIRS: Record<DeviceType, readonly Repair[]> = {
  phone: [
    {
      defect: "Tela quebrada após queda, touch falhando",
      service: "Troca de tela",
      serviceCents: [8000, 15000],
      part: { description: "Tela compatível (display + touch)", cents: [12000, 65000] },
    },
    {
      defect: "Bateria descarrega muito rápido e esquenta",
      service: "Troca de bateria",
      serviceCents: [5000, 9000],
      part: { description: "Bateria", cents: [6000, 25000] },
    },
    {
      defect: "Não carrega, precisa mexer no cabo",
      service: "Troca do conector de carga",
      serviceCents: [6000, 12000],
      part: { description: "Conector de carga", cents: [2000, 8000] },
    },
    { defect: "Caiu na água e não liga", service: "Limpeza química e recuperação de placa", serviceCents: [15000, 35000] },
    {
      defect: "Câmera traseira embaçada",
      service: "Troca da lente da câmera",
      serviceCents: [5000, 10000],
      part: { description: "Lente da câmera", cents: [1500, 6000] },
    },
    {
      defect: "Alto-falante sem som nas ligações",
      service: "Troca do alto-falante auricular",
      serviceCents: [5000, 9000],
      part: { description: "Alto-falante", cents: [2000, 5000] },
    },
    { defect: "Travando e reiniciando sozinho", service: "Reinstalação do sistema com backup", serviceCents: [8000, 15000] },
  ],
  tablet: [
    {
      defect: "Vidro trincado",
      service: "Troca do touch",
      serviceCents: [10000, 18000],
      part: { description: "Touch screen", cents: [15000, 40000] },
    },
    {
      defect: "Não segura carga",
      service: "Troca de bateria",
      serviceCents: [8000, 12000],
      part: { description: "Bateria", cents: [12000, 30000] },
    },
  ],
  notebook: [
    { defect: "Muito lento e esquentando", service: "Limpeza interna e troca de pasta térmica", serviceCents: [12000, 20000] },
    {
      defect: "Lento, demora para ligar",
      service: "Instalação de SSD e migração do sistema",
      serviceCents: [10000, 15000],
      part: { description: "SSD 480 GB", cents: [20000, 35000] },
    },
    {
      defect: "Teclado com teclas falhando",
      service: "Troca do teclado",
      serviceCents: [8000, 12000],
      part: { description: "Teclado ABNT2", cents: [12000, 30000] },
    },
    {
      defect: "Tela com listras",
      service: "Troca da tela",
      serviceCents: [10000, 15000],
      part: { description: 'Tela 15,6"', cents: [35000, 70000] },
    },
    { defect: "Dobradiça quebrada", service: "Reparo da carcaça e dobradiças", serviceCents: [15000, 30000] },
  ],
  computer: [
    { defect: "Não dá vídeo", service: "Diagnóstico e reparo de placa-mãe", serviceCents: [15000, 40000] },
    {
      defect: "Desliga sozinho",
      service: "Troca da fonte",
      serviceCents: [5000, 8000],
      part: { description: "Fonte 500 W", cents: [25000, 45000] },
    },
    { defect: "Formatação com backup", service: "Formatação e backup", serviceCents: [10000, 15000] },
  ],
  printer: [
    { defect: "Puxando papel torto e manchando", service: "Limpeza e manutenção preventiva", serviceCents: [12000, 18000] },
  ],
  console: [
    { defect: "Desligando por superaquecimento", service: "Limpeza interna e pasta térmica", serviceCents: [15000, 25000] },
    {
      defect: "Controle com analógico puxando",
      service: "Troca do analógico do controle",
      serviceCents: [6000, 9000],
      part: { description: "Módulo analógico", cents: [2000, 5000] },
    },
  ],
  watch: [{ defect: "Vidro trincado", service: "Troca do vidro", serviceCents: [15000, 30000] }],
  other: [{ defect: "Não liga", service: "Diagnóstico e reparo", serviceCents: [8000, 20000] }],
};
