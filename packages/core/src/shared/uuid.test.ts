import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { UserId } from '../identity/identifiers.js';
import { InvitationId } from '../invitation/invitation.js';
import { MembershipId } from '../membership/membership.js';
import { OrganizationId } from '../organization/organization.js';
import { PaymentId } from '../payments/payment.js';
import { isUuid } from './uuid.js';

const LOCAL = '0b5f6a2e-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
const NOT_LOCAL = ['0B5F6A2E-1C3D-4E5F-8A9B-0C1D2E3F4A5B', '0b5f6a2e1c3d4e5f8a9b0c1d2e3f4a5b', `{${LOCAL}}`, `${LOCAL} `, 'user_2abc', ''];

test('a local id is a lower-case, hyphenated UUID', (t) => {
  t.true(isUuid(LOCAL));
  for (const other of NOT_LOCAL) t.false(isUuid(other), other);
});

test('every local id codec reads the one UUID rule', (t) => {
  const codecs: readonly { name: string; decode: (value: unknown) => E.Either<unknown, unknown> }[] = [
    UserId,
    OrganizationId,
    MembershipId,
    InvitationId,
    PaymentId,
  ];
  for (const codec of codecs) {
    t.true(E.isRight(codec.decode(LOCAL)), codec.name);
    for (const other of NOT_LOCAL) t.true(E.isLeft(codec.decode(other)), `${codec.name} ${other}`);
  }
});
