/** The id `text` names (spaces around it allowed); undefined unless it is a positive whole number. */
export function parseId(text: string | undefined): number | undefined {
  const digits = text?.trim() ?? '';
  if (!/^[1-9]\d*$/.test(digits)) return undefined;
  const id = Number(digits);
  // Beyond 2^53 a number no longer names one id: 9007199254740993 would read as …992.
  return Number.isSafeInteger(id) ? id : undefined;
}
