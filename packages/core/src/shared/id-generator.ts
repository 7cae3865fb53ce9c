/** Where new local identifiers come from (UUIDs in production, a sequence in tests). */
export interface IdGenerator {
  /** A new UUID. */
  uuid(): string;
}
