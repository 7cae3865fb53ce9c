import type { ServerChild } from './children.js';
import { httpClient } from './http-client.js';
import type { Workload } from './workload.js';

/** A `GET` asked of every server as the user `idpId` (a fresh token per server). */
export interface Probe {
  readonly label: string;
  readonly path: string;
  readonly idpId: string;
}

/**
 * Before measuring, asks every server the same questions and says whether they answer alike (status
 * and body, byte for byte: nothing in these answers legitimately differs): each probe (`GET /users/me`
 * for one seeded user, then the organization route as an owner, an active member, a pending invitee
 * and a non-member when organizations were seeded), then a signed `user.updated` for the first
 * probe's user.
 */
export const compareAnswers = async (servers: readonly ServerChild[], workload: Workload, probes: readonly Probe[]): Promise<string[]> => {
  const client = httpClient(1);
  try {
    const questions: Array<readonly [string, Array<{ status: number; body: string }>]> = [];
    for (const probe of probes) {
      const answers = [];
      for (const server of servers) {
        answers.push(
          await client.send(`${server.url}${probe.path}`, {
            method: 'GET',
            headers: { authorization: `Bearer ${workload.mintOne(probe.idpId)}` },
          }),
        );
      }
      questions.push([probe.label, answers]);
    }
    const webhook = [];
    for (const server of servers) {
      const delivery = workload.deliveries.updated(probes[0]!.idpId, workload.nextUpdatedAt());
      webhook.push(await client.send(`${server.url}/webhooks/idp`, { method: 'POST', headers: delivery.headers, body: delivery.body }));
    }
    questions.push(['POST /webhooks/idp', webhook]);
    return questions.map(([label, answers]) => {
      const first = answers[0]!;
      const alike = answers.every((answer) => answer.status === first.status && answer.body === first.body);
      return alike
        ? `${label}: ${first.status} ${first.body.slice(0, 160)}${first.body.length > 160 ? '…' : ''}  (same from ${servers.map((s) => s.name).join(', ')})`
        : `${label}: ANSWERS DIFFER\n${answers.map((answer, index) => `    ${servers[index]!.name}: ${answer.status} ${answer.body.slice(0, 600)}`).join('\n')}`;
    });
  } finally {
    client.close();
  }
};
