const JSON_WHITESPACE = new Set([' ', '\t', '\n', '\r']);

/** How many member names a valid JSON text spells out (string literals followed by a colon). */
const spelledMembers = (json: string): number => {
  let count = 0;
  let at = json.indexOf('"');
  while (at !== -1) {
    let end = at + 1;
    while (end < json.length && json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
    let next = end + 1;
    while (JSON_WHITESPACE.has(json[next] ?? '')) next += 1;
    if (json[next] === ':') count += 1;
    at = json.indexOf('"', end + 1);
  }
  return count;
};

/** How many members the parsed value kept (a duplicate name collapses to one). */
const keptMembers = (value: unknown): number => {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + keptMembers(item), 0);
  if (typeof value !== 'object' || value === null) return 0;
  return Object.values(value).reduce((sum: number, item) => sum + keptMembers(item), Object.keys(value).length);
};

/**
 * Whether the JSON text `json`, which parsed to `parsed`, names no member twice at any depth (RFC 7515
 * §5.2 lets a recipient reject repeated names; parsers that keep the first and the last disagree on
 * what was signed). Takes the parse from the caller, so a text jose already parsed is not parsed again.
 */
export const namesEachMemberOnce = (json: string, parsed: unknown): boolean =>
  // A text that reads back exactly from what was parsed names no member twice (a repeated one would
  // be missing from the re-serialization); compact tokens take this path, skipping the scan.
  JSON.stringify(parsed) === json || spelledMembers(json) === keptMembers(parsed);

/** Parses a JSON text and refuses duplicate member names at any depth; undefined when it is not JSON or repeats a name. */
export const parseJsonWithoutDuplicates = (json: string): unknown => {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  return namesEachMemberOnce(json, value) ? value : undefined;
};
