/** Every expected failure is a tagged value; the tag is the stable public error code. */
export interface DomainError<Tag extends string> {
  readonly _tag: Tag;
  readonly message: string;
}
