/** "01001000" → "01001-000", as the post office writes a CEP; anything but 8 digits is returned as given. */
export function formatCep(input: string) {
  const digits = input.replace(/\D/g, "");
  return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : input;
}
