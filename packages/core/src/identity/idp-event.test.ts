import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { decodeIdpEvent } from './idp-event.js';
import { idpUserJson, userCreatedEvent, userDeletedEvent } from '../testing/index.js';

const ID = 'user_29w83sxmDNGwOuEthce5gg56FcC';

test('the primary email is the entry whose id is primary_email_address_id, lower-cased', (t) => {
  const result = decodeIdpEvent(userCreatedEvent({ id: ID, email: 'Example@Example.org' }));
  t.true(E.isRight(result) && result.right.type === 'user.created' && result.right.user.email === 'example@example.org');
  t.true(E.isRight(result) && result.right.type === 'user.created' && result.right.user.emailVerified);
});

test('a user without a primary email decodes with email null', (t) => {
  const result = decodeIdpEvent({ type: 'user.created', data: { ...idpUserJson({ id: ID }), primary_email_address_id: null } });
  t.true(E.isRight(result) && result.right.type === 'user.created' && result.right.user.email === null);
});

test('an unverified primary email is reported as unverified', (t) => {
  const result = decodeIdpEvent(userCreatedEvent({ id: ID, verification: 'unverified' }));
  t.true(E.isRight(result) && result.right.type === 'user.created' && !result.right.user.emailVerified);
});

test('a primary email whose verification is null (the admin API unverified it), or only a secondary one verified, is unverified', (t) => {
  const event = userCreatedEvent({ id: ID, verification: 'unverified' });
  const data = event['data'] as { email_addresses: Array<Record<string, unknown>>; primary_email_address_id: string };
  const withNull = {
    ...event,
    data: {
      ...data,
      email_addresses: data.email_addresses.map((entry) =>
        entry['id'] === data.primary_email_address_id ? { ...entry, verification: null } : entry,
      ),
    },
  };
  for (const body of [event, withNull]) {
    const result = decodeIdpEvent(body);
    t.true(
      E.isRight(result) &&
        result.right.type === 'user.created' &&
        result.right.user.email === 'john.doe@example.com' &&
        !result.right.user.emailVerified,
    );
  }
});

test('user.deleted carries only the provider id', (t) => {
  t.deepEqual(decodeIdpEvent(userDeletedEvent(ID)), E.right({ type: 'user.deleted', idpId: ID }));
});

test('an envelope without a type is malformed', (t) => {
  const result = decodeIdpEvent({ data: {} });
  t.deepEqual(result, E.left(['type: expected string, got undefined (missing)']));
});

test('the docs example of user.created (legacy verification without object) decodes', (t) => {
  const docsExample = {
    data: {
      birthday: '',
      created_at: 1654012591514,
      email_addresses: [
        {
          email_address: 'example@example.org',
          id: 'idn_29w83yL7CwVlJXylYLxcslromF1',
          linked_to: [],
          object: 'email_address',
          verification: { status: 'verified', strategy: 'ticket' },
        },
      ],
      external_accounts: [],
      external_id: '567772',
      first_name: 'Example',
      gender: '',
      id: ID,
      image_url: 'https://img.clerk.com/xxxxxx',
      last_name: 'Example',
      last_sign_in_at: 1654012591514,
      object: 'user',
      password_enabled: true,
      phone_numbers: [],
      primary_email_address_id: 'idn_29w83yL7CwVlJXylYLxcslromF1',
      primary_phone_number_id: null,
      primary_web3_wallet_id: null,
      private_metadata: {},
      profile_image_url: 'https://www.gravatar.com/avatar?d=mp',
      public_metadata: {},
      two_factor_enabled: false,
      unsafe_metadata: {},
      updated_at: 1654012591835,
      username: null,
      web3_wallets: [],
    },
    instance_id: 'ins_123',
    object: 'event',
    timestamp: 1654012591835,
    type: 'user.created',
  };
  t.deepEqual(
    decodeIdpEvent(docsExample),
    E.right({
      type: 'user.created',
      user: {
        idpId: ID,
        email: 'example@example.org',
        emailVerified: true,
        imageUrl: 'https://img.clerk.com/xxxxxx',
        updatedAt: 1654012591835,
      },
    }),
  );
});

test('found by the webhook fuzzer: a user whose values the database cannot store is malformed, not a failed write', (t) => {
  const event = userCreatedEvent({ id: ID });
  const data = event['data'] as Record<string, unknown>;
  const emails = data['email_addresses'] as Record<string, unknown>[];
  const variants: Record<string, unknown>[] = [
    { image_url: 'https://img.example.com/a\u0000b' },
    { image_url: `https://img.example.com/${'x'.repeat(3000)}` },
    { updated_at: 1.5 },
    { updated_at: 1e300 },
    { updated_at: -1 },
  ];
  for (const variant of variants)
    t.true(E.isLeft(decodeIdpEvent({ ...event, data: { ...data, ...variant } })), JSON.stringify(variant).slice(0, 80));
  const nulEmail = { ...event, data: { ...data, email_addresses: [{ ...emails[0], email_address: 'a\u0000b@example.com' }] } };
  const decoded = decodeIdpEvent(nulEmail);
  t.true(E.isRight(decoded) && decoded.right.type === 'user.created' && decoded.right.user.email === null);
});

// A well-formed user event is accepted by the codec's guard (docs/performance.md), everything else by `decode`.
// Each near miss below must still be refused with the problem `decode` names, and each accepted
// variant must read exactly as `decode` reads it.
test('the guard shortcut accepts exactly what decoding accepts, and refusals still name their problem', (t) => {
  const event = userCreatedEvent({ id: ID });
  const data = event['data'] as Record<string, unknown>;
  const email = (data['email_addresses'] as Record<string, unknown>[])[0]!;
  const refused: [Record<string, unknown>, string][] = [
    [{ ...event, type: 'user.created ' }, 'ignored'],
    [{ ...event, data: { ...data, id: '' } }, 'data.id'],
    [{ ...event, data: { ...data, id: 42 } }, 'data.id'],
    [{ ...event, data: { ...data, email_addresses: {} } }, 'data.email_addresses'],
    [{ ...event, data: { ...data, email_addresses: [{ ...email, id: 7 }] } }, 'data.email_addresses.0.id'],
    [{ ...event, data: { ...data, email_addresses: [{ ...email, verification: { status: 3 } }] } }, 'data.email_addresses.0.verification'],
    [{ ...event, data: { ...data, primary_email_address_id: undefined } }, 'data.primary_email_address_id'],
    [{ ...event, data: { ...data, updated_at: '1716883200000' } }, 'data.updated_at'],
    [{ ...event, data: { ...data, image_url: 5 } }, 'data.image_url'],
    [{ ...event, data: null }, 'data'],
  ];
  for (const [body, problem] of refused) {
    const result = decodeIdpEvent(body);
    if (problem === 'ignored') t.like(result, E.right({ type: 'ignored' }));
    else t.true(E.isLeft(result) && result.left.some((line) => line.startsWith(`${problem}:`)), `${problem}: ${JSON.stringify(result)}`);
  }
  const accepted: [Record<string, unknown>, Record<string, unknown>][] = [
    [{ ...event, data: { ...data, image_url: null } }, { imageUrl: null }],
    [{ ...event, data: (({ image_url: _, ...rest }) => rest)(data) }, { imageUrl: null }],
    [{ ...event, data: { ...data, email_addresses: [{ ...email, verification: null }] } }, { emailVerified: false }],
    [{ ...event, type: 'user.updated', data: { ...data, updated_at: 0 } }, { updatedAt: 0 }],
  ];
  for (const [body, user] of accepted) t.like(decodeIdpEvent(body), E.right({ type: body['type'], user }));
});
