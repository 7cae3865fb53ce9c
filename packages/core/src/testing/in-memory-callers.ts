import * as O from 'fp-ts/lib/Option.js';
import type { IdpUserId } from '../identity/identifiers.js';
import type { Caller, Callers } from '../identity/ports/callers.js';
import type { Memberships } from '../membership/ports/memberships.js';
import type { Users } from '../identity/ports/users.js';

/** The Callers port over any Users and Memberships (two reads: the fakes have no round trips to save). */
export class InMemoryCallers implements Callers {
  constructor(
    private readonly users: Pick<Users, 'findByIdpId'>,
    private readonly memberships: Pick<Memberships, 'listForUser'>,
  ) {}

  async findByIdpId(idpId: IdpUserId): Promise<O.Option<Caller>> {
    const user = await this.users.findByIdpId(idpId);
    if (O.isNone(user)) return O.none;
    return O.some({ user: user.value, memberships: await this.memberships.listForUser(user.value.id) });
  }
}
