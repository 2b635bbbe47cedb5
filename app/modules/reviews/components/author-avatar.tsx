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
 * The reviewer's photo over their initials on a coloured circle, drawn here so
 * no third-party image service learns who visits the page. A photo that fails
 * to load draws nothing (its alt is empty), so the initials show through: no
 * script involved, which lets the cards stay unhydrated.
 */
export function AuthorAvatar({ name, photoUrl }: { name: string; photoUrl: string | null }) {
  return (
    <span
      aria-hidden="true"
      className={`relative flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded-full text-sm font-semibold text-white ${avatarColourOf(name)}`}
    >
      {initialsOf(name)}
      {photoUrl ? (
        <img
          src={photoUrl}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 h-full w-full object-cover"
        />
      ) : null}
    </span>
  );
}
