/**
 * The `format` checks gojsonschema 1.2.0 performs, approximated for ajv (which ships none).
 * Formats gojsonschema does not know are ignored by both.
 */
import type { Format } from 'ajv';

const HOSTNAME_LABEL = '([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]{0,61}[a-zA-Z0-9])';
const HOSTNAME = new RegExp(`^${HOSTNAME_LABEL}(\\.${HOSTNAME_LABEL})*$`);
const UUID = /^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}$/i;
const DATE = '\\d{4}-\\d{2}-\\d{2}';
const TIME = '\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?';
const ZONE = '([zZ]|[+-]\\d{2}:\\d{2})';
const DATE_TIME = new RegExp(`^${DATE}[tT]${TIME}${ZONE}$`);
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** Go `time.Parse("2006-01-02")`: the layout plus a real calendar date. */
function isDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isIpv6(text: string): boolean {
  if (!text.includes(':')) return false;
  try {
    new URL(`http://[${text}]/`);
    return true;
  } catch {
    return false;
  }
}

function isUri(text: string): boolean {
  try {
    return new URL(text).protocol !== '';
  } catch {
    return false;
  }
}

function isRegex(text: string): boolean {
  try {
    new RegExp(text, 'u');
    return true;
  } catch {
    return false;
  }
}

/** Formats registered on every ajv instance. */
export const GOJSONSCHEMA_FORMATS: Readonly<Record<string, Format>> = {
  date: isDate,
  'date-time': (text) => DATE_TIME.test(text) && isDate(text.slice(0, 10)),
  time: new RegExp(`^${TIME}${ZONE}?$`),
  email: /^[^@\s<>]+@[^@\s<>]+$/,
  'idn-email': /^[^@\s<>]+@[^@\s<>]+$/,
  hostname: (text) => text.length <= 255 && HOSTNAME.test(text),
  ipv4: IPV4,
  ipv6: isIpv6,
  uri: isUri,
  iri: isUri,
  uuid: UUID,
  regex: isRegex,
  'json-pointer': /^(\/([^~/]|~[01])*)*$/,
};
