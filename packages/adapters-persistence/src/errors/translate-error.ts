import { ConnectionException } from '@mikro-orm/core';
import { InvalidRow } from './invalid-row.js';
import { PersistenceError, type PersistenceFailure } from './persistence-error.js';

const SQLSTATE = /^[0-9A-Z]{5}$/;

const byState: Readonly<Record<string, PersistenceFailure>> = {
  '23505': 'unique_violation',
  '23503': 'foreign_key_violation',
  '23514': 'check_violation',
  '23502': 'not_null_violation',
  '40001': 'serialization_failure',
  '40P01': 'deadlock',
};

const stringProp = (error: object, key: string): string | undefined => {
  const value = (error as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
};

const classify = (error: unknown, sqlState: string | undefined): PersistenceFailure => {
  if (sqlState !== undefined && byState[sqlState] !== undefined) return byState[sqlState];
  if (error instanceof ConnectionException) return 'connection';
  // 08xxx connection exceptions, 57P0x shutdown/terminated backends, 53300 too many connections.
  if (sqlState !== undefined && (sqlState.startsWith('08') || sqlState.startsWith('57P') || sqlState === '53300')) return 'connection';
  const code = error instanceof Error ? stringProp(error, 'code') : undefined;
  if (code !== undefined && /^(ECONN|EPIPE|ETIMEDOUT|ENOTFOUND|EAI_AGAIN)/.test(code)) return 'connection';
  if (error instanceof Error && (error.name === 'KnexTimeoutError' || /connection|terminat|not currently accepting/i.test(error.message))) {
    return 'connection';
  }
  return 'unknown';
};

/** Translates anything a driver threw into a {@link PersistenceError} whose message leaks no data. */
export const translateError = (operation: string, error: unknown): PersistenceError => {
  if (error instanceof PersistenceError) return error;
  if (error instanceof InvalidRow) return new PersistenceError(operation, 'invalid_row', undefined, error.column);
  const candidate = error instanceof Error ? (stringProp(error, 'code') ?? stringProp(error, 'sqlState')) : undefined;
  const sqlState = candidate !== undefined && SQLSTATE.test(candidate) ? candidate : undefined;
  const constraint = error instanceof Error ? stringProp(error, 'constraint') : undefined;
  return new PersistenceError(operation, classify(error, sqlState), sqlState, constraint);
};

/**
 * Runs a database call and rejects with a translated error when it fails. A `catch` on the call's
 * promise rather than an async wrapper: every repository call runs through here (docs/performance.md).
 */
export const guarded = <A>(operation: string, call: () => Promise<A>): Promise<A> => {
  const translate = (error: unknown): never => {
    throw translateError(operation, error);
  };
  try {
    return call().catch(translate);
  } catch (error) {
    return Promise.reject(translateError(operation, error));
  }
};
