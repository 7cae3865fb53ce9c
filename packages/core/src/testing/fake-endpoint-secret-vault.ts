import type { EndpointSecretVault, SealedEndpointSecret } from '../events/ports/endpoint-secret-vault.js';

/** Seals by tagging with the endpoint id (no cryptography): enough to prove which secret signed what. */
export class FakeEndpointSecretVault implements EndpointSecretVault {
  private count = 0;

  generate(): string {
    this.count += 1;
    return `whsec_${Buffer.from(`secret-number-${this.count}`.padEnd(32, '.')).toString('base64')}`;
  }

  seal(endpointId: string, secret: string): Promise<SealedEndpointSecret> {
    return Promise.resolve(`sealed:${endpointId}:${secret}` as SealedEndpointSecret);
  }

  open(endpointId: string, sealed: SealedEndpointSecret): Promise<string> {
    const prefix = `sealed:${endpointId}:`;
    if (!sealed.startsWith(prefix)) return Promise.reject(new Error('sealed for another endpoint'));
    return Promise.resolve(sealed.slice(prefix.length));
  }
}
