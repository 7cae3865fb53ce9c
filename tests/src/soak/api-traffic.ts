import type { EmulatorClient } from '../support/e2e-emulator-client.js';
import type { SeededRandom } from '../support/seeded-random.js';
import type { Progress } from './progress.js';
import type { SoakProfile } from './soak-profile.js';
import type { SoakUser } from './soak-workload.js';

/** One `GET /users/me` of the soak: when it was sent and answered, what it answered (0: no answer at all). */
export interface ApiSample {
  readonly at: number;
  readonly answeredAt: number;
  readonly status: number;
  /** A 200 that described another user than the token's. */
  readonly wrongUser: boolean;
}

// Session tokens live 60 s; a client refreshes well before (the mobile cache keeps one 10 s).
const TOKEN_REFRESH_MS = 40_000;

const tokenFor = async (provider: EmulatorClient, user: SoakUser): Promise<string> => {
  const token = user.token!;
  if (Date.now() - token.mintedAt < TOKEN_REFRESH_MS || user.deleted) return token.jwt;
  try {
    const jwt = await provider.mintToken(user.sessionId!);
    user.token = { jwt, mintedAt: Date.now() };
    return jwt;
  } catch {
    return token.jwt; // deleted meanwhile: the provider ended its sessions; the client still holds the old token
  }
};

const getMe = async (serviceUrl: string, token: string, user: SoakUser): Promise<ApiSample> => {
  const at = Date.now();
  try {
    const response = await fetch(`${serviceUrl}/users/me`, { headers: { authorization: `Bearer ${token}` } });
    const text = await response.text();
    const wrongUser = response.status === 200 && (JSON.parse(text) as { user?: { idpId?: string } }).user?.idpId !== user.id;
    return { at, answeredAt: Date.now(), status: response.status, wrongUser };
  } catch {
    return { at, answeredAt: Date.now(), status: 0, wrongUser: false };
  }
};

/**
 * API traffic beside the provider workload: `apiClients` concurrent clients send
 * `apiRequestsPerOperation` × operations `GET /users/me` in all, each for a random user created so far
 * (deleted ones too, with the token they still hold), paced by the workload's progress (no timers).
 */
export const runApiTraffic = async (
  serviceUrl: string,
  provider: EmulatorClient,
  created: readonly SoakUser[],
  progress: Progress,
  options: { readonly profile: SoakProfile; readonly random: SeededRandom },
): Promise<ApiSample[]> => {
  const { profile, random } = options;
  const total = Math.round(progress.total * profile.apiRequestsPerOperation);
  const samples: ApiSample[] = [];
  const client = async (first: number): Promise<void> => {
    for (let request = first; request < total; request += profile.apiClients) {
      await progress.reach(Math.ceil((request + 1) / profile.apiRequestsPerOperation));
      const user = random.pick(created);
      samples.push(await getMe(serviceUrl, await tokenFor(provider, user), user));
    }
  };
  await Promise.all(Array.from({ length: profile.apiClients }, (_, index) => client(index)));
  return samples;
};
