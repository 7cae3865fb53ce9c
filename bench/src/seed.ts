import { emailOf, seededIdpId, type DeliveryFactory } from './deliveries.js';
import { httpClient, type Answer } from './http-client.js';
import { progressLine } from './progress.js';
import type { Workload } from './workload.js';

/** The outcome of seeding. */
export interface Seeded {
  /** Deliveries answered 200 (users created through the public API). */
  readonly users: number;
  readonly failed: number;
  readonly seconds: number;
  /** The first failure's status and body, when there was one. */
  readonly firstFailure?: string;
}

/**
 * Seeds users THROUGH THE PUBLIC API: `count` signed `user.created` deliveries to `POST /webhooks/idp`,
 * `concurrency` in flight on keep-alive sockets, for users `from` … `from + count - 1`.
 */
export const seedUsers = async (options: {
  readonly url: string;
  readonly deliveries: DeliveryFactory;
  readonly count: number;
  readonly concurrency: number;
  readonly from?: number;
}): Promise<Seeded> => {
  const client = httpClient(options.concurrency);
  const progress = progressLine('seeding users through POST /webhooks/idp', options.count);
  const started = performance.now();
  const from = options.from ?? 0;
  let next = 0;
  let users = 0;
  let failed = 0;
  let firstFailure: string | undefined;
  const worker = async (): Promise<void> => {
    while (next < options.count) {
      const index = from + next++;
      const delivery = options.deliveries.created(seededIdpId(index));
      const answer = await client.send(`${options.url}/webhooks/idp`, { method: 'POST', headers: delivery.headers, body: delivery.body });
      if (answer.status === 200) users += 1;
      else {
        failed += 1;
        firstFailure ??= `${answer.status} ${answer.body.slice(0, 200)}`;
      }
      if ((users + failed) % 500 === 0) progress.update(users + failed);
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  } finally {
    client.close();
  }
  progress.done(users + failed);
  return { users, failed, seconds: (performance.now() - started) / 1000, ...(firstFailure === undefined ? {} : { firstFailure }) };
};

/** The `index`-th of `owners` organization owners, spread evenly over the `seeded` users. */
export const ownerIdpId = (index: number, owners: number, seeded: number): string => seededIdpId(Math.floor((index * seeded) / owners));

/** `count` indexes spread evenly over `0 … total - 1` (all of them when `count >= total`). */
export const spreadIndexes = (total: number, count: number): number[] => {
  const n = Math.min(total, count);
  return Array.from({ length: n }, (_, index) => Math.floor((index * total) / n));
};

/** One organization created through the API. */
export interface SeededOrganization {
  /** Which owner (0 … owners - 1). */
  readonly index: number;
  readonly ownerIdpId: string;
  readonly organizationId: string;
  /** Rows the owner's default roster shows (the owner, accepted and pending members; declined ones are cancelled and hidden). */
  readonly rosterRows: number;
}

/** What `seedOrganizationOwners` did. */
export interface OrganizationsSeeded {
  /** Organizations answered 201. */
  readonly created: number;
  readonly failed: number;
  readonly seconds: number;
  readonly firstFailure?: string;
  /** By owner index; undefined where creating failed. */
  readonly organizations: readonly (SeededOrganization | undefined)[];
  /** Invitations answered 201, and what the invitees did with them. */
  readonly members: {
    readonly invited: number;
    readonly accepted: number;
    readonly declined: number;
    readonly failed: number;
    readonly seconds: number;
    readonly firstFailure?: string;
  };
  /** One line for the report. */
  readonly note: string;
}

/** Of the extra members each chosen organization gets: all but the last two accept, one declines, one stays pending. */
const memberOutcome = (position: number, count: number): 'accept' | 'decline' | 'pending' =>
  count >= 3 && position === count - 1 ? 'pending' : count >= 3 && position === count - 2 ? 'decline' : 'accept';

const MINT_CHUNK = 1000;

const describe = (answer: Answer): string => `${answer.status} ${answer.body.slice(0, 200)}`;

/**
 * "10,000 of those users own an organization" (docs/performance.md), THROUGH THE PUBLIC API: owner `i` (the
 * seeded user `ownerIdpId(i, owners, seeded)`) sends `POST /organizations` with a bearer token minted
 * for it (minted in parallel, a chunk at a time so that no token nears its 60 s lifetime; a 401 is
 * retried once with a fresh token), `concurrency` in flight. Then the owners listed in
 * `withMembers` each invite `extraMembers` seeded users (`POST /organizations/:orgId/invitations`,
 * role `member`; path 2, since the provider stub knows every seeded address): all but two accept
 * in-app (`POST /invitations/accept`), one declines (its membership is cancelled, hidden from the
 * default roster) and one stays pending. Organizations are kept by owner index for the scenario.
 */
export const seedOrganizationOwners = async (options: {
  readonly url: string;
  readonly workload: Workload;
  /** How many owners (capped at `seeded`). */
  readonly owners: number;
  readonly seeded: number;
  readonly concurrency: number;
  /** Owner indexes whose organization gets extra members. */
  readonly withMembers: readonly number[];
  readonly extraMembers: number;
}): Promise<OrganizationsSeeded> => {
  const { url, workload, seeded } = options;
  const owners = Math.min(options.owners, seeded);
  const organizations: (SeededOrganization | undefined)[] = new Array(owners).fill(undefined);
  const client = httpClient(options.concurrency);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  const post = (path: string, token: string, body: unknown): Promise<Answer> =>
    client.send(`${url}${path}`, { method: 'POST', headers: bearer(token), body: JSON.stringify(body) });
  let created = 0;
  let failed = 0;
  let firstFailure: string | undefined;
  const members = { invited: 0, accepted: 0, declined: 0, failed: 0, seconds: 0, firstFailure: undefined as string | undefined };
  const started = performance.now();
  try {
    // 1. One organization per owner.
    const progress = progressLine('seeding organizations through POST /organizations', owners);
    const mintChunk = (from: number): Promise<string[]> =>
      workload.mintMany(
        Array.from({ length: Math.max(0, Math.min(MINT_CHUNK, owners - from)) }, (_, offset) => ownerIdpId(from + offset, owners, seeded)),
      );
    let minted = mintChunk(0);
    for (let from = 0; from < owners; from += MINT_CHUNK) {
      const tokens = await minted;
      // The next chunk is minted while this one is sent.
      minted = mintChunk(from + MINT_CHUNK);
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < tokens.length) {
          const offset = next++;
          const index = from + offset;
          const create = (token: string) => post('/organizations', token, { name: `Bench organization ${index}` });
          let answer = await create(tokens[offset]!);
          if (answer.status === 401) answer = await create(workload.mintOne(ownerIdpId(index, owners, seeded)));
          const id = answer.status === 201 ? (JSON.parse(answer.body) as { organization?: { id?: unknown } }).organization?.id : undefined;
          if (typeof id === 'string') {
            created += 1;
            organizations[index] = { index, ownerIdpId: ownerIdpId(index, owners, seeded), organizationId: id, rosterRows: 1 };
          } else {
            failed += 1;
            firstFailure ??= describe(answer);
          }
          if ((created + failed) % 500 === 0) progress.update(created + failed);
        }
      };
      await Promise.all(Array.from({ length: options.concurrency }, worker));
    }
    await minted;
    progress.done(created + failed);
    const seconds = (performance.now() - started) / 1000;

    // 2. Extra members for a few of them: invite, then each invitee accepts, declines or leaves it pending.
    const membersStarted = performance.now();
    const chosen = options.withMembers.filter((index) => organizations[index] !== undefined);
    let nextOrganization = 0;
    const memberWorker = async (): Promise<void> => {
      while (nextOrganization < chosen.length) {
        const organization = organizations[chosen[nextOrganization++]!]!;
        const ownerSeed = Math.floor((organization.index * seeded) / owners);
        const ownerToken = workload.mintOne(organization.ownerIdpId);
        let rows = 1;
        for (let position = 0; position < options.extraMembers; position += 1) {
          const invitee = seededIdpId((ownerSeed + 1 + position) % seeded);
          if (invitee === organization.ownerIdpId) continue;
          const invited = await post(`/organizations/${organization.organizationId}/invitations`, ownerToken, {
            email: emailOf(invitee),
            role: 'member',
          });
          const invitationId =
            invited.status === 201 ? (JSON.parse(invited.body) as { invitation?: { id?: unknown } }).invitation?.id : undefined;
          if (typeof invitationId !== 'string') {
            members.failed += 1;
            members.firstFailure ??= `invite: ${describe(invited)}`;
            // The provider stub is unusable for invitations: stop inviting (the report says so).
            if (invited.status >= 500) return;
            continue;
          }
          members.invited += 1;
          const outcome = memberOutcome(position, options.extraMembers);
          if (outcome === 'pending') {
            rows += 1;
            continue;
          }
          const answered = await post(outcome === 'accept' ? '/invitations/accept' : '/invitations/decline', workload.mintOne(invitee), {
            invitationId,
          });
          if (answered.status !== 200) {
            members.failed += 1;
            members.firstFailure ??= `${outcome}: ${describe(answered)}`;
            rows += 1; // still pending
          } else if (outcome === 'accept') {
            members.accepted += 1;
            rows += 1;
          } else members.declined += 1;
        }
        organizations[organization.index] = { ...organization, rosterRows: rows };
      }
    };
    await Promise.all(Array.from({ length: Math.min(options.concurrency, Math.max(1, chosen.length)) }, memberWorker));
    members.seconds = (performance.now() - membersStarted) / 1000;

    const rate = (n: number, s: number): string => Math.round(n / Math.max(0.001, s)).toLocaleString('en-US');
    const head =
      `${created.toLocaleString('en-US')} created through POST /organizations in ${seconds.toFixed(1)} s (${rate(created, seconds)}/s, ${options.concurrency} in flight), ` +
      `one per owner: ${owners.toLocaleString('en-US')} seeded users spread evenly over the ${seeded.toLocaleString('en-US')}` +
      (failed > 0 ? `; ${failed.toLocaleString('en-US')} FAILED, first: ${firstFailure}` : '');
    const rosters = [...new Set(chosen.map((index) => organizations[index]!.rosterRows))].sort((a, b) => a - b).join('/');
    const tail =
      chosen.length === 0 || options.extraMembers === 0
        ? '; no extra members (every roster is its owner alone)'
        : members.invited === 0
          ? `; extra members skipped, inviting failed (${members.firstFailure ?? 'no answer'}): every roster is its owner alone`
          : `; ${chosen.length} of them invited ${options.extraMembers} seeded users each (POST /organizations/:orgId/invitations, path 2 through the provider stub) in ${members.seconds.toFixed(1)} s: ` +
            `${members.invited} invited, ${members.accepted} accepted, ${members.declined} declined, ${members.invited - members.accepted - members.declined} left pending` +
            (members.failed > 0 ? `, ${members.failed} FAILED (first: ${members.firstFailure})` : '') +
            `; their owners' rosters show ${rosters} rows, the others' 1`;
    return {
      created,
      failed,
      seconds,
      ...(firstFailure === undefined ? {} : { firstFailure }),
      organizations,
      members: {
        invited: members.invited,
        accepted: members.accepted,
        declined: members.declined,
        failed: members.failed,
        seconds: members.seconds,
        ...(members.firstFailure === undefined ? {} : { firstFailure: members.firstFailure }),
      },
      note: head + tail,
    };
  } finally {
    client.close();
  }
};
