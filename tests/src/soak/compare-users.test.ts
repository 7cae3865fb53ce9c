import test from 'ava';
import { compareUsers, type ProviderView, type ServiceUserRow } from './compare-users.js';

// The soak's verdict is only as good as this comparison: each way of diverging must be caught.
const provider: ProviderView = {
  alive: new Map([
    ['user_a', { email: 'a-2@example.com', imageUrl: 'https://img.example.com/a' }],
    ['user_b', { email: 'b-1@example.com', imageUrl: 'https://img.example.com/b' }],
  ]),
  everCreated: ['user_a', 'user_b', 'user_gone'],
};
const row = (
  idpId: string,
  email: string | null,
  deleted = false,
  imageUrl = `https://img.example.com/${idpId.slice(5)}`,
): ServiceUserRow => ({ idpId, email, imageUrl, deleted });
const converged = [row('user_a', 'a-2@example.com'), row('user_b', 'b-1@example.com'), row('user_gone', 'gone@example.com', true)];

test('rows that mirror the provider, the deleted user soft-deleted, converge', (t) => {
  t.deepEqual(compareUsers(provider, converged), { lost: [], duplicated: [], stale: [], resurrected: [], phantom: [] });
});

test('each divergence is named: lost, duplicated, stale, resurrected, phantom', (t) => {
  t.deepEqual(compareUsers(provider, [row('user_b', 'b-1@example.com', true)]).lost, ['user_a', 'user_b', 'user_gone']);
  t.deepEqual(compareUsers(provider, [...converged, row('user_b', 'b-1@example.com')]).duplicated, ['user_b']);
  t.deepEqual(compareUsers(provider, [row('user_a', 'a-1@example.com'), ...converged.slice(1)]).stale, ['user_a']);
  t.deepEqual(
    compareUsers(provider, [row('user_a', 'a-2@example.com', false, 'https://img.example.com/old'), ...converged.slice(1)]).stale,
    ['user_a'],
  );
  t.deepEqual(compareUsers(provider, [...converged.slice(0, 2), row('user_gone', 'gone@example.com')]).resurrected, ['user_gone']);
  t.deepEqual(compareUsers(provider, [...converged, row('user_stranger', 'x@example.com')]).phantom, ['user_stranger']);
});
