/** Product analytics. Calls may fail; callers decide whether that matters. */
export interface Analytics {
  /** Associates traits with a user. */
  identify(idpUserId: string, traits: Readonly<Record<string, unknown>>): Promise<void>;
  /** Records an event of a user. */
  track(idpUserId: string, event: string, properties?: Readonly<Record<string, unknown>>): Promise<void>;
}
