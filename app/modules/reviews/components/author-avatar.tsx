import { useState } from "react";

/** Dark enough for white initials to pass WCAG AA contrast. */
const AVATAR_COLOURS = [
  "bg-blue-700",
  "bg-emerald-700",
  "bg-violet-700",
  "bg-rose-700",
  "bg-amber-800",
  "bg-teal-700",
  "bg-indigo-700",
  "bg-fuchsia-700",
  "bg-sky-800",
  "bg-slate-700",
] as const;

export function initialsOf(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? "?";
  const last = words.length > 1 ? words[words.length - 1]![0] : "";
  return (first + last).toUpperCase();
}

/** The same name always gets the same colour. */
export function avatarColourOf(name: string) {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length]!;
}

/**
 * The reviewer's photo, or their initials on a coloured circle when there is
 * none or it fails to load — drawn here, so no third-party image service
 * learns who visits the page.
 */
export function AuthorAvatar({ name, photoUrl }: { name: string; photoUrl: string | null }) {
  const [isBroken, setIsBroken] = useState(false);

  if (photoUrl && !isBroken) {
    return (
      <img
        // An image that failed before hydration fired its error event before React listened.
        ref={(element) => {
          if (element?.complete && element.naturalWidth === 0) setIsBroken(true);
        }}
        src={photoUrl}
        alt=""
        width={40}
        height={40}
        loading="lazy"
        decoding="async"
        onError={() => setIsBroken(true)}
        className="h-10 w-10 shrink-0 rounded-full object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold text-white ${avatarColourOf(name)}`}
    >
      {initialsOf(name)}
    </span>
  );
}
