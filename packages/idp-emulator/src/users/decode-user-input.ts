import { identifierExists, paramInvalid } from '../http/api-error.js';
import { isEmail, optionalBoolean, optionalObject, optionalString, type Body } from '../http/fields.js';
import type { UserStore } from './user-store.js';
import type { NewUser } from './user-json.js';

const emailList = (body: Body, users: UserStore): string[] => {
  const raw = body['email_address'];
  const list = raw === undefined || raw === null ? [] : Array.isArray(raw) ? raw : [raw];
  return list.map((value) => {
    if (typeof value !== 'string' || !isEmail(value.trim())) {
      throw paramInvalid('email_address', 'email_address must be a valid email address.');
    }
    const email = value.trim().toLowerCase();
    if (users.findByEmail(email) !== undefined) throw identifierExists('email_address');
    return email;
  });
};

/** Decodes a `POST /v1/users` body (snake_case, as the SDK sends it). */
export const decodeCreateUser = (body: Body, users: UserStore): NewUser => {
  const password = optionalString(body, 'password');
  optionalBoolean(body, 'skip_password_requirement');
  return {
    emails: emailList(body, users),
    verification: 'admin',
    firstName: optionalString(body, 'first_name'),
    lastName: optionalString(body, 'last_name'),
    username: optionalString(body, 'username'),
    externalId: optionalString(body, 'external_id'),
    hasPassword: typeof password === 'string' && password.length > 0,
    publicMetadata: optionalObject(body, 'public_metadata'),
    privateMetadata: optionalObject(body, 'private_metadata'),
    unsafeMetadata: optionalObject(body, 'unsafe_metadata'),
  };
};
