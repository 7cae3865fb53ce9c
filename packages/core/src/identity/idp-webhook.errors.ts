import type { DomainError } from '../shared/domain-error.js';

/** One of `idp-webhook-id`, `idp-webhook-timestamp`, `idp-webhook-signature` is absent (spec: 400). */
export type MissingSignatureHeaders = DomainError<'MissingSignatureHeaders'>;
/** Builds a MissingSignatureHeaders error with the spec's message. */
export const missingSignatureHeaders = (): MissingSignatureHeaders => ({
  _tag: 'MissingSignatureHeaders',
  message: 'Missing signature headers',
});

/** The signature does not match the raw body under our secret, or the timestamp is out of tolerance. */
export interface InvalidWebhookSignature extends DomainError<'InvalidWebhookSignature'> {
  /** The verifier's reason, for the server log only. */
  readonly reason: string;
}
/** Builds an InvalidWebhookSignature error with the spec's message. */
export const invalidWebhookSignature = (reason: string): InvalidWebhookSignature => ({
  _tag: 'InvalidWebhookSignature',
  message: 'Invalid webhook signature',
  reason,
});

/** A correctly signed body that is not a well-formed event of the type it claims. */
export interface MalformedWebhookEvent extends DomainError<'MalformedWebhookEvent'> {
  readonly problems: readonly string[];
}
/** Builds a MalformedWebhookEvent error. */
export const malformedWebhookEvent = (problems: readonly string[]): MalformedWebhookEvent => ({
  _tag: 'MalformedWebhookEvent',
  message: 'Malformed webhook event',
  problems,
});

/** Any rejection of an inbound provider webhook. */
export type IdpWebhookError = MissingSignatureHeaders | InvalidWebhookSignature | MalformedWebhookEvent;
