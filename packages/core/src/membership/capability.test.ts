import test from 'ava';
import { can, Capability, CAPABILITY_ROLES } from './capability.js';
import { canGrant, canManage, Role, type Role as RoleType } from './membership.js';

const ROLES = Object.keys(Role.keys) as RoleType[];
const CAPABILITIES = Object.keys(Capability.keys) as Capability[];

// ARCHITECTURE §3, written out again on purpose: the table in code must match the document.
const EXPECTED: Readonly<Record<Capability, string>> = {
  'organization.read': 'owner admin coach member',
  'organization.update': 'owner admin',
  'organization.delete': 'owner',
  'billing.read': 'owner admin coach',
  'billing.manage': 'owner',
  'members.list': 'owner admin coach',
  'members.invite': 'owner admin',
  'members.manage': 'owner admin',
  'members.message': 'owner admin coach',
  'workouts.build': 'owner admin coach',
  'sessions.run': 'owner admin coach',
  'compliance.read': 'owner admin',
  'ownership.transfer': 'owner',
  'audit.read': 'owner admin',
  'integrations.manage': 'owner admin',
  'agreements.manage': 'owner admin',
};

const capabilityMatrix = test.macro({
  exec(t, role: RoleType, capability: Capability) {
    t.is(can(role, capability), EXPECTED[capability].split(' ').includes(role));
  },
  title: (_provided, role: RoleType, capability: Capability) =>
    `${role} ${EXPECTED[capability].split(' ').includes(role) ? 'holds' : 'lacks'} ${capability}`,
});

for (const capability of CAPABILITIES) {
  for (const role of ROLES) test(capabilityMatrix, role, capability);
}

test('every capability has a row in the table', (t) => {
  t.deepEqual(Object.keys(CAPABILITY_ROLES).sort(), Object.keys(EXPECTED).sort());
});

const grantTable = test.macro({
  exec(t, actor: RoleType, role: RoleType, expected: boolean) {
    t.is(canGrant(actor, role), expected);
  },
  title: (_provided, actor: RoleType, role: RoleType, expected: boolean) => `${actor} ${expected ? 'may' : 'may not'} grant ${role}`,
});

// Nobody grants a role at or above their own; owner is never granted (only transferred).
const GRANTS: readonly [RoleType, RoleType, boolean][] = [
  ['owner', 'owner', false],
  ['owner', 'admin', true],
  ['owner', 'coach', true],
  ['owner', 'member', true],
  ['admin', 'owner', false],
  ['admin', 'admin', false],
  ['admin', 'coach', true],
  ['admin', 'member', true],
  ['coach', 'owner', false],
  ['coach', 'admin', false],
  ['coach', 'coach', false],
  ['coach', 'member', true],
  ['member', 'owner', false],
  ['member', 'admin', false],
  ['member', 'coach', false],
  ['member', 'member', false],
];
for (const [actor, role, expected] of GRANTS) test(grantTable, actor, role, expected);

const manageTable = test.macro({
  exec(t, actor: RoleType, target: RoleType, expected: boolean) {
    t.is(canManage(actor, target), expected);
  },
  title: (_provided, actor: RoleType, target: RoleType, expected: boolean) => `${actor} ${expected ? 'may' : 'may not'} manage a ${target}`,
});

// Strictly lower ranks only.
const MANAGES: readonly [RoleType, RoleType, boolean][] = [
  ['owner', 'owner', false],
  ['owner', 'admin', true],
  ['owner', 'coach', true],
  ['owner', 'member', true],
  ['admin', 'owner', false],
  ['admin', 'admin', false],
  ['admin', 'coach', true],
  ['admin', 'member', true],
  ['coach', 'coach', false],
  ['coach', 'member', true],
  ['member', 'member', false],
];
for (const [actor, target, expected] of MANAGES) test(manageTable, actor, target, expected);
