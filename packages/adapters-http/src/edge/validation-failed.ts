/** Which part of a request failed to decode. */
export type RequestPart = 'body' | 'params' | 'query';

/** A request the edge could not decode: one line per problem (400 `ValidationFailed`). */
export interface ValidationFailed {
  readonly _tag: 'ValidationFailed';
  readonly message: string;
  readonly problems: readonly string[];
}

/** Builds a ValidationFailed error from its problem lines. */
export const validationFailed = (problems: readonly string[]): ValidationFailed => ({
  _tag: 'ValidationFailed',
  message: problems.join('\n'),
  problems,
});
