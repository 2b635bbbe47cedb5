import {
  AppWindow,
  Battery,
  Building2,
  Camera,
  CircuitBoard,
  Gamepad2,
  Globe,
  Headphones,
  Laptop,
  Megaphone,
  Monitor,
  Palette,
  Printer,
  ShieldCheck,
  ShoppingBag,
  Smartphone,
  Tablet,
  Wrench,
  type LucideIcon,
} from "lucide-react";

/** The icons a home card may carry, by the key stored in shop_services.icon, with their name in the staff's select. */
export const SERVICE_ICONS = {
  smartphone: { label: "Celular", icon: Smartphone },
  headphones: { label: "Fone de ouvido", icon: Headphones },
  "shopping-bag": { label: "Sacola de compras", icon: ShoppingBag },
  printer: { label: "Impressora", icon: Printer },
  monitor: { label: "Monitor", icon: Monitor },
  laptop: { label: "Notebook", icon: Laptop },
  palette: { label: "Paleta de cores", icon: Palette },
  globe: { label: "Globo (internet)", icon: Globe },
  "app-window": { label: "Janela de aplicativo", icon: AppWindow },
  megaphone: { label: "Megafone", icon: Megaphone },
  building: { label: "Prédio (empresas)", icon: Building2 },
  "circuit-board": { label: "Placa de circuito", icon: CircuitBoard },
  wrench: { label: "Chave de ferramenta", icon: Wrench },
  tablet: { label: "Tablet", icon: Tablet },
  battery: { label: "Bateria", icon: Battery },
  camera: { label: "Câmera", icon: Camera },
  gamepad: { label: "Controle de videogame", icon: Gamepad2 },
  shield: { label: "Escudo (garantia)", icon: ShieldCheck },
} as const satisfies Record<string, { label: string; icon: LucideIcon }>;

export type ServiceIconKey = keyof typeof SERVICE_ICONS;

export function isServiceIconKey(value: string): value is ServiceIconKey {
  return Object.hasOwn(SERVICE_ICONS, value);
}

/** A stored key's icon; a key no longer in the list shows the wrench rather than nothing. */
export function serviceIcon(key: string): LucideIcon {
  return isServiceIconKey(key) ? SERVICE_ICONS[key].icon : Wrench;
}
