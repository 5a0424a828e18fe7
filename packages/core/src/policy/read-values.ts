import type { Node } from 'yaml';
import { isValidTimeZone, suggestTimeZone } from './timezone.ts';
import { clip, type PolicyReader } from './yaml-reading.ts';

/** An IANA timezone field, or a problem (with a suggestion) and undefined. */
export function readTimeZone(
  reader: PolicyReader,
  node: Node,
  object: string | undefined,
): string | undefined {
  const text = reader.text(node, object, 'timezone');
  if (text === undefined) return undefined;
  if (isValidTimeZone(text)) return text;
  const near = text.length <= 64 ? suggestTimeZone(text) : undefined;
  reader.fail(
    node,
    object,
    `timezone '${clip(text)}' is not an IANA timezone${near ? `; did you mean '${near}'?` : ` (e.g. 'Europe/Berlin', 'America/New_York', 'UTC').`}`,
  );
  return undefined;
}
