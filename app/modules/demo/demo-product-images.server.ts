import sharp from "sharp";
import type { DemoPhoto, DemoPhotoShape } from "./demo-catalogue";

/**
 * The demo photos' side: the pipeline's 320 and 640 px WebP files and a 640 px
 * JPEG for link previews. Drawn in a viewBox of 800, scaled. Kept small: the
 * seed draws them when a server starts on an empty database.
 */
const SIZE = 640;

const METAL = "#cbd5e1";
const INK = "#0b1220";

/** A screen's glow: the same on every phone, so the catalogue reads as one shop's photos. */
const SCREEN_GRADIENT = `<linearGradient id="screen" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#1e3a8a"/><stop offset="0.55" stop-color="#6d28d9"/><stop offset="1" stop-color="#db2777"/>
</linearGradient>`;

function phoneFront(x: number, y: number, width: number, height: number, colour: string) {
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${width * 0.16}" fill="${colour}"/>
  <rect x="${x + 12}" y="${y + 12}" width="${width - 24}" height="${height - 24}" rx="${width * 0.11}" fill="url(#screen)"/>
  <circle cx="${x + width / 2}" cy="${y + 34}" r="7" fill="${INK}"/>
  <path d="M${x + 12} ${y + height * 0.62} Q${x + width / 2} ${y + height * 0.5} ${x + width - 12} ${y + height * 0.66} L${x + width - 12} ${y + height - 40} Q${x + width / 2} ${y + height * 0.8} ${x + 12} ${y + height - 60} Z" fill="#ffffff" opacity="0.12"/>`;
}

const SHAPES: Record<DemoPhotoShape, (colour: string) => string> = {
  phone: (colour) => `<g>
    <rect x="548" y="250" width="8" height="70" rx="3" fill="${colour}"/>
    <rect x="548" y="340" width="8" height="40" rx="3" fill="${colour}"/>
    ${phoneFront(290, 130, 260, 540, colour)}
  </g>`,
  case: (colour) => `<g>
    <rect x="270" y="120" width="260" height="560" rx="48" fill="${colour}" opacity="0.9"/>
    <rect x="284" y="134" width="232" height="532" rx="38" fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="4"/>
    <rect x="300" y="150" width="120" height="130" rx="30" fill="${INK}" opacity="0.85"/>
    <circle cx="338" cy="190" r="22" fill="#1f2937" stroke="${METAL}" stroke-width="4"/>
    <circle cx="338" cy="246" r="22" fill="#1f2937" stroke="${METAL}" stroke-width="4"/>
    <circle cx="390" cy="218" r="8" fill="#fde68a"/>
    <path d="M300 560 Q400 520 500 580" stroke="#ffffff" stroke-opacity="0.25" stroke-width="18" fill="none" stroke-linecap="round"/>
  </g>`,
  charger: (colour) => `<g>
    <rect x="352" y="170" width="22" height="90" rx="11" fill="${METAL}"/>
    <rect x="426" y="170" width="22" height="90" rx="11" fill="${METAL}"/>
    <rect x="280" y="240" width="240" height="300" rx="44" fill="${colour}" stroke="#94a3b8" stroke-width="4"/>
    <rect x="360" y="470" width="80" height="26" rx="13" fill="${INK}"/>
    <path d="M300 280 Q400 250 500 280" stroke="#ffffff" stroke-opacity="0.35" stroke-width="10" fill="none" stroke-linecap="round"/>
    <path d="M390 340 L370 400 L400 400 L380 450 L430 380 L400 380 L420 340 Z" fill="#f59e0b"/>
  </g>`,
  "power-bank": (colour) => `<g>
    <rect x="290" y="150" width="220" height="480" rx="40" fill="${colour}"/>
    <rect x="304" y="164" width="192" height="452" rx="30" fill="none" stroke="#ffffff" stroke-opacity="0.2" stroke-width="4"/>
    ${[0, 1, 2, 3].map((index) => `<circle cx="${355 + index * 30}" cy="560" r="8" fill="${index < 3 ? "#22c55e" : "#475569"}"/>`).join("")}
    <rect x="360" y="150" width="80" height="16" rx="6" fill="${INK}"/>
    <path d="M400 300 L372 380 L404 380 L384 450 L436 360 L404 360 L424 300 Z" fill="#f8fafc" opacity="0.9"/>
  </g>`,
  cable: (colour) => `<g fill="none" stroke-linecap="round">
    <path d="M220 560 C160 420 300 330 400 400 S620 430 560 300 S420 170 330 230" stroke="${colour}" stroke-width="26"/>
    <path d="M220 560 C160 420 300 330 400 400 S620 430 560 300 S420 170 330 230" stroke="#000000" stroke-opacity="0.12" stroke-width="26" stroke-dasharray="4 10"/>
  </g>
  <g>
    <rect x="196" y="555" width="50" height="90" rx="12" fill="${colour}" stroke="#94a3b8" stroke-width="3"/>
    <rect x="206" y="630" width="30" height="46" rx="8" fill="${METAL}"/>
    <g transform="rotate(-60 330 230)">
      <rect x="305" y="190" width="50" height="80" rx="12" fill="${colour}" stroke="#94a3b8" stroke-width="3"/>
      <rect x="313" y="150" width="34" height="46" rx="10" fill="${METAL}"/>
    </g>
  </g>`,
  earbuds: (colour) => `<g>
    <rect x="250" y="420" width="300" height="200" rx="90" fill="${colour}" stroke="#94a3b8" stroke-width="4"/>
    <line x1="260" y1="500" x2="540" y2="500" stroke="#94a3b8" stroke-width="4"/>
    <circle cx="400" cy="560" r="8" fill="#22c55e"/>
    <g transform="rotate(-18 320 260)">
      <ellipse cx="320" cy="240" rx="62" ry="70" fill="${colour}" stroke="#94a3b8" stroke-width="4"/>
      <rect x="300" y="280" width="40" height="120" rx="20" fill="${colour}" stroke="#94a3b8" stroke-width="4"/>
      <ellipse cx="300" cy="225" rx="22" ry="26" fill="${INK}" opacity="0.7"/>
    </g>
    <g transform="rotate(18 480 260)">
      <ellipse cx="480" cy="240" rx="62" ry="70" fill="${colour}" stroke="#94a3b8" stroke-width="4"/>
      <rect x="460" y="280" width="40" height="120" rx="20" fill="${colour}" stroke="#94a3b8" stroke-width="4"/>
      <ellipse cx="500" cy="225" rx="22" ry="26" fill="${INK}" opacity="0.7"/>
    </g>
  </g>`,
  headset: (colour) => `<g>
    <path d="M230 440 C230 200 570 200 570 440" fill="none" stroke="#1f2937" stroke-width="40" stroke-linecap="round"/>
    <path d="M230 440 C230 200 570 200 570 440" fill="none" stroke="${colour}" stroke-width="10" stroke-linecap="round"/>
    <rect x="180" y="400" width="120" height="200" rx="50" fill="#1f2937"/>
    <rect x="500" y="400" width="120" height="200" rx="50" fill="#1f2937"/>
    <rect x="196" y="430" width="20" height="140" rx="10" fill="${colour}"/>
    <rect x="584" y="430" width="20" height="140" rx="10" fill="${colour}"/>
    <path d="M240 560 C260 660 360 660 400 640" fill="none" stroke="#1f2937" stroke-width="14" stroke-linecap="round"/>
    <circle cx="404" cy="638" r="16" fill="${colour}"/>
  </g>`,
  "screen-protector": (colour) => `<g>
    ${phoneFront(300, 160, 240, 500, colour)}
    <g transform="rotate(-10 380 390)">
      <rect x="250" y="130" width="250" height="520" rx="40" fill="#e0f2fe" fill-opacity="0.45" stroke="#ffffff" stroke-width="6"/>
      <path d="M290 200 L350 160 M290 260 L420 170 M300 330 L460 220" stroke="#ffffff" stroke-width="10" stroke-linecap="round" opacity="0.8"/>
    </g>
  </g>`,
  screen: (colour) => `<g>
    <rect x="280" y="110" width="250" height="520" rx="40" fill="${colour}"/>
    <rect x="292" y="122" width="226" height="496" rx="30" fill="${INK}"/>
    <path d="M292 420 L518 200 L518 300 L292 520 Z" fill="#ffffff" opacity="0.08"/>
    <path d="M380 630 L380 690 Q380 705 395 705 L470 705" fill="none" stroke="#f59e0b" stroke-width="26"/>
    <rect x="460" y="688" width="60" height="34" rx="6" fill="#b45309"/>
  </g>`,
  battery: (colour) => `<g>
    <rect x="270" y="150" width="260" height="470" rx="26" fill="#1f2937"/>
    <rect x="270" y="300" width="260" height="170" fill="${colour}"/>
    <rect x="392" y="345" width="16" height="80" rx="4" fill="#ffffff"/>
    <rect x="360" y="377" width="80" height="16" rx="4" fill="#ffffff"/>
    <path d="M400 150 L400 110 Q400 96 414 96 L470 96" fill="none" stroke="#f59e0b" stroke-width="22"/>
    <rect x="460" y="80" width="52" height="32" rx="6" fill="#b45309"/>
    <rect x="300" y="520" width="120" height="12" rx="6" fill="#64748b"/>
    <rect x="300" y="548" width="80" height="12" rx="6" fill="#64748b"/>
  </g>`,
  connector: (colour) => `<g>
    <rect x="220" y="300" width="360" height="200" rx="20" fill="#166534"/>
    <rect x="350" y="480" width="100" height="50" rx="14" fill="${METAL}"/>
    <rect x="260" y="340" width="60" height="40" rx="6" fill="${colour}"/>
    <circle cx="520" cy="360" r="16" fill="${METAL}"/>
  </g>`,
  print: (colour) => `<g>
    <rect x="300" y="170" width="300" height="400" rx="12" fill="#ffffff" stroke="#cbd5e1" stroke-width="4" transform="rotate(8 450 370)"/>
    <rect x="230" y="190" width="300" height="400" rx="12" fill="#ffffff" stroke="#cbd5e1" stroke-width="4"/>
    <rect x="262" y="226" width="160" height="22" rx="8" fill="${colour}"/>
    ${[0, 1, 2, 3, 4, 5, 6].map((line) => `<rect x="262" y="${280 + line * 34}" width="${line % 3 === 2 ? 160 : 236}" height="12" rx="6" fill="#94a3b8"/>`).join("")}
    <rect x="262" y="520" width="110" height="40" rx="8" fill="${colour}" opacity="0.35"/>
  </g>`,
  design: (colour) => `<g>
    <rect x="220" y="170" width="320" height="440" rx="14" fill="#ffffff" stroke="#cbd5e1" stroke-width="4"/>
    <circle cx="310" cy="280" r="50" fill="${colour}"/>
    <path d="M360 470 L440 320 L520 470 Z" fill="#f59e0b"/>
    <rect x="250" y="500" width="140" height="60" rx="10" fill="#38bdf8"/>
    <g transform="rotate(35 560 420)">
      <rect x="540" y="230" width="40" height="300" rx="10" fill="#1f2937"/>
      <path d="M540 530 L580 530 L560 590 Z" fill="#f1f5f9" stroke="#1f2937" stroke-width="4"/>
      <rect x="540" y="230" width="40" height="40" rx="10" fill="${colour}"/>
    </g>
  </g>`,
  fitting: (colour) => `<g>
    ${phoneFront(290, 150, 240, 500, colour)}
    <rect x="302" y="162" width="216" height="476" rx="26" fill="#e0f2fe" fill-opacity="0.3" stroke="#ffffff" stroke-width="5"/>
    ${[
      [590, 230, 26],
      [230, 320, 18],
      [600, 520, 16],
    ]
      .map(
        ([x, y, r]) =>
          `<path d="M${x} ${y! - r!} Q${x} ${y} ${x! + r!} ${y} Q${x} ${y} ${x} ${y! + r!} Q${x} ${y} ${x! - r!} ${y} Q${x} ${y} ${x} ${y! - r!} Z" fill="#f59e0b"/>`,
      )
      .join("")}
  </g>`,
};

/** An SVG "photo" of a demo product: its shape on a soft gradient, with a floor shadow. */
export function demoProductSvg(photo: DemoPhoto) {
  const [from, to] = photo.background;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 800 800">
  <defs>
    <linearGradient id="background" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <radialGradient id="shadow"><stop offset="0" stop-color="#0f172a" stop-opacity="0.28"/><stop offset="1" stop-color="#0f172a" stop-opacity="0"/></radialGradient>
    ${SCREEN_GRADIENT}
  </defs>
  <rect width="800" height="800" fill="url(#background)"/>
  <circle cx="640" cy="150" r="210" fill="#ffffff" opacity="0.35"/>
  <ellipse cx="400" cy="715" rx="250" ry="34" fill="url(#shadow)"/>
  ${SHAPES[photo.shape](photo.colour)}
</svg>`;
}

/** The photo as a PNG, as a phone or camera would hand the upload pipeline an image. */
export async function renderDemoProductPhoto(photo: DemoPhoto): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp(Buffer.from(demoProductSvg(photo)))
      .png()
      .toBuffer(),
  );
}
