import type { Context } from 'koa';
import { bodyInvalid, paramInvalid, paramMissing } from './api-error.js';

/** A decoded JSON or form body. */
export type Body = Record<string, unknown>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The parsed request body as a plain object (empty when absent), else `request_body_invalid`. */
export const readBody = (ctx: Context): Body => {
  const body: unknown = (ctx.request as { body?: unknown }).body;
  if (body === undefined || body === null || body === '') return {};
  if (!isRecord(body)) throw bodyInvalid();
  return body;
};

/** A required non-empty string field. */
export const requiredString = (body: Body, name: string): string => {
  const value = body[name];
  if (value === undefined || value === null || value === '') throw paramMissing(name);
  if (typeof value !== 'string') throw paramInvalid(name);
  return value;
};

/** An optional string field (`null` kept as `null`). */
export const optionalString = (body: Body, name: string): string | null | undefined => {
  const value = body[name];
  if (value === undefined || value === null) return value;
  if (typeof value !== 'string') throw paramInvalid(name);
  return value;
};

/** An optional object field (metadata). */
export const optionalObject = (body: Body, name: string): Record<string, unknown> | undefined => {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) throw paramInvalid(name);
  return value;
};

/** An optional boolean; form bodies may send `"true"`/`"false"`. */
export const optionalBoolean = (body: Body, name: string): boolean | undefined => {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw paramInvalid(name);
};

/** An optional integer within `[min, max]`; numeric strings accepted (query strings, forms). */
export const optionalInt = (body: Body, name: string, min: number, max: number): number | undefined => {
  const value = body[name];
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) throw paramInvalid(name, `${name} must be an integer between ${min} and ${max}.`);
  return n;
};

/** A syntactically plausible email address. */
export const isEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** A required email field, lower-cased. */
export const requiredEmail = (body: Body, name: string): string => {
  const value = requiredString(body, name).trim();
  if (!isEmail(value)) throw paramInvalid(name, `${name} must be a valid email address.`);
  return value.toLowerCase();
};
