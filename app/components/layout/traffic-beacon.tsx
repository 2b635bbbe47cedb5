import { useEffect } from "react";
import { useLocation } from "react-router";
import { listenForConversionClicks, reportConversion, reportPageView } from "~/lib/traffic-beacon";
import type { ConversionKind } from "~/lib/traffic-events";

/** Counts each public page shown and the conversion clicks (lib/traffic-beacon.ts); draws nothing. */
export function TrafficBeacon() {
  const { pathname } = useLocation();
  useEffect(() => listenForConversionClicks(), []);
  useEffect(() => reportPageView(pathname), [pathname]);
  return null;
}

/** Counts a conversion once when shown (a message sent, a repair found): for outcomes that are pages, not clicks. */
export function ConversionReport({ kind }: { kind: ConversionKind }) {
  useEffect(() => reportConversion(kind), [kind]);
  return null;
}
