const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a string is a lower-case, hyphenated UUID (the form every local id takes). */
export const isUuid = (s: string): boolean => UUID.test(s);
