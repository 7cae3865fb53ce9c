import { STATUS_CODES } from 'node:http';
import { ERROR_STATUS, type ErrorCode } from './error-status.js';

/** The API's error body (ARCHITECTURE §5). */
export interface ErrorBody {
  readonly statusCode: number;
  readonly error: string;
  readonly message: string;
  readonly code: ErrorCode;
}

/** Builds the error body for a code; the status comes from the one map. Answers are written with `failure` (edge/reply.ts). */
export const errorBody = (code: ErrorCode, message: string): ErrorBody => {
  const statusCode = ERROR_STATUS[code];
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, code };
};
