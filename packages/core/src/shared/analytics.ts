/** Product analytics. Calls may fail; callers decide whether that matters. */
export interface Analytics {
  identify(idpUserId: string, traits: Readonly<Record<string, unknown>>): Promise<void>;
  track(idpUserId: string, event: string, properties?: Readonly<Record<string, unknown>>): Promise<void>;
}
