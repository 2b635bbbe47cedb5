import { useEffect, useRef, useState } from "react";

const SIZE = 160;

/**
 * Spec §7: the QR is drawn in the browser (160px, margin 2, slate on white,
 * 'Gerando QR...' until ready; a failure is logged and the placeholder stays).
 * The encoder is imported only when the footer nears the screen, so it is not
 * part of the JavaScript every page loads.
 */
export function QrCode({ value, alt }: { value: string; alt: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    let isCancelled = false;

    async function generate() {
      try {
        const { toDataURL } = await import("qrcode");
        const url = await toDataURL(value, { width: SIZE, margin: 2, color: { dark: "#0f172a", light: "#ffffff" } });
        if (!isCancelled) setDataUrl(url);
      } catch (error) {
        // console.warn, not error: a missing QR is not worth an error report, and the number is printed beside it.
        console.warn("Não foi possível gerar o QR code do WhatsApp", error);
      }
    }

    if (typeof IntersectionObserver === "undefined") {
      void generate();
      return () => {
        isCancelled = true;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void generate();
      },
      { rootMargin: "300px" },
    );
    observer.observe(box);
    return () => {
      isCancelled = true;
      observer.disconnect();
    };
  }, [value]);

  return (
    <div ref={boxRef} className="flex size-[160px] items-center justify-center rounded-md bg-white text-sm text-slate-700">
      {dataUrl ? (
        <img src={dataUrl} alt={alt} width={SIZE} height={SIZE} className="size-[160px] rounded-md" />
      ) : (
        <span>Gerando QR...</span>
      )}
    </div>
  );
}
