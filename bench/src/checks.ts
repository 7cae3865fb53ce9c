import type { ServerChild } from './children.js';
import { httpClient } from './http-client.js';
import type { Workload } from './workload.js';

/**
 * Before measuring, asks every server the same questions and says whether they answer alike:
 * `GET /users/me` for one seeded user, then a signed `user.updated` for that user.
 */
export const compareAnswers = async (servers: readonly ServerChild[], workload: Workload, idpId: string): Promise<string[]> => {
  const client = httpClient(1);
  try {
    const lines: string[] = [];
    const me = await Promise.all(
      servers.map((server) => client.send(`${server.url}/users/me`, { method: 'GET', headers: { authorization: `Bearer ${workload.mintOne(idpId)}` } })),
    );
    const webhook = [];
    for (const server of servers) {
      const delivery = workload.deliveries.updated(idpId, workload.nextUpdatedAt());
      webhook.push(await client.send(`${server.url}/webhooks/idp`, { method: 'POST', headers: delivery.headers, body: delivery.body }));
    }
    for (const [label, answers] of [['GET /users/me', me], ['POST /webhooks/idp', webhook]] as const) {
      const first = answers[0]!;
      const alike = answers.every((answer) => answer.status === first.status && answer.body === first.body);
      lines.push(
        alike
          ? `${label}: ${first.status} ${first.body.slice(0, 160)}${first.body.length > 160 ? '…' : ''}  (same from ${servers.map((s) => s.name).join(', ')})`
          : `${label}: ANSWERS DIFFER\n${answers.map((answer, index) => `    ${servers[index]!.name}: ${answer.status} ${answer.body.slice(0, 300)}`).join('\n')}`,
      );
    }
    return lines;
  } finally {
    client.close();
  }
};
