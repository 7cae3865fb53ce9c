import { optionalString, type Body } from '../http/fields.js';
import { hashPassword } from './password-hash.js';

/** The scrypt hash of the body's `password`, or undefined when it carries none. */
export const passwordHashOf = async (body: Body): Promise<string | undefined> => {
  const password = optionalString(body, 'password');
  return typeof password === 'string' && password.length > 0 ? hashPassword(password) : undefined;
};
