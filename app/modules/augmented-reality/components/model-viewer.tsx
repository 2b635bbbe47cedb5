import { useEffect, useState, type DetailedHTMLProps, type HTMLAttributes } from "react";
import type { ShowroomModel } from "../models";

type ModelViewerAttributes = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  src: string;
  alt: string;
  ar?: boolean;
  "ar-modes"?: string;
  "ar-scale"?: "auto" | "fixed";
  "camera-controls"?: boolean;
  "camera-orbit"?: string;
  "interaction-prompt"?: "auto" | "none";
  "touch-action"?: string;
  "shadow-intensity"?: string;
  exposure?: string;
};

declare module "react" {
  // oxlint-disable-next-line typescript/no-namespace -- React's JSX types are declared in this namespace.
  namespace JSX {
    interface IntrinsicElements {
      "model-viewer": ModelViewerAttributes;
    }
  }
}

type LoadState = "loading" | "ready" | "failed";

/**
 * <model-viewer> with its "Ver no seu espaço" AR button. The element's code
 * (with three.js, a few hundred KB) is bundled by Vite and loaded only here,
 * after the page is shown; until then, and without JavaScript, the text
 * around it describes the model. The wiggling-hand interaction prompt is off:
 * it re-renders every frame until the model is touched, which a phone's
 * battery (and a software-rendered test browser) pays for; the page explains
 * the gestures in words instead.
 */
export function ModelViewer({ model }: { model: ShowroomModel }) {
  const [loadState, setLoadState] = useState<LoadState>("loading");

  useEffect(() => {
    let isCurrent = true;
    import("@google/model-viewer")
      .then(() => isCurrent && setLoadState("ready"))
      .catch(() => isCurrent && setLoadState("failed"));
    return () => {
      isCurrent = false;
    };
  }, []);

  return (
    <div className="space-y-3">
      <model-viewer
        key={model.src}
        src={model.src}
        alt={model.alt}
        ar
        ar-modes="webxr scene-viewer quick-look"
        ar-scale="fixed"
        camera-controls
        camera-orbit="-30deg 75deg auto"
        interaction-prompt="none"
        touch-action="pan-y"
        shadow-intensity="1"
        exposure="1.1"
        className="relative block h-[360px] w-full rounded-xl bg-gradient-to-b from-slate-50 to-slate-200 sm:h-[460px]"
      >
        <button
          type="button"
          slot="ar-button"
          className="absolute bottom-4 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-5 py-3 font-semibold text-white shadow-lg hover:bg-brand-800 in-[model-viewer:not(:defined)]:hidden"
        >
          Ver no seu espaço
        </button>
      </model-viewer>
      <noscript>
        <p className="rounded-md border border-slate-300 bg-slate-50 p-3 text-slate-800">
          O visualizador 3D precisa de JavaScript. Ative-o no navegador para girar o modelo e vê-lo no seu espaço.
        </p>
      </noscript>
      {loadState === "failed" ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          Não foi possível carregar o visualizador 3D. Recarregue a página para tentar de novo.
        </p>
      ) : null}
    </div>
  );
}
