const DURATION = /^P(?:(\d{1,6})D)?(?:T(?:(\d{1,6})H)?(?:(\d{1,6})M)?(?:(\d{1,6})S)?)?$/;

/** Milliseconds of an ISO 8601 duration of days, hours, minutes and seconds (`PT5M`), or undefined. */
export function parseIsoDuration(text: string): number | undefined {
  const m = DURATION.exec(text);
  if (!m || text === "P" || text.endsWith("T")) return undefined;
  const [d, h, min, s] = [m[1], m[2], m[3], m[4]].map((x) => (x === undefined ? 0 : Number(x)));
  return (((d! * 24 + h!) * 60 + min!) * 60 + s!) * 1000;
}
