import type { InitializePayment } from '@idv/core';

// iyzico requires every one of these; a payer who gave none gets neutral values (documented in the README).
const DEFAULT_CITY = 'Istanbul';
const DEFAULT_COUNTRY = 'Turkey';
const DEFAULT_ADDRESS = 'Not provided';

const splitName = (full: string): { readonly name: string; readonly surname: string } => {
  const parts = full.trim().split(/\s+/);
  const surname = parts.length > 1 ? parts.pop()! : (parts[0] ?? 'Payer');
  return { name: parts.join(' ') || surname, surname };
};

/** iyzico's buyer and billing address, ready for the request body. */
export interface IyzicoBuyer {
  readonly buyer: Readonly<Record<string, string | undefined>>;
  readonly address: Readonly<Record<string, string>>;
}

/**
 * iyzico's `buyer` and `billingAddress` for one initialize (reference §1.1): what the payer gave,
 * else the card holder's name and neutral values; the national ID is opened here and only here.
 */
export const fillBuyer = async (request: InitializePayment): Promise<IyzicoBuyer> => {
  const { details, email, ip, id } = request.buyer;
  const fromCard = splitName(request.card?.holderName ?? email?.split('@')[0] ?? 'Payer');
  const name: string = details.name ?? fromCard.name;
  const surname: string = details.surname ?? fromCard.surname;
  const city: string = details.city ?? DEFAULT_CITY;
  const country: string = details.country ?? DEFAULT_COUNTRY;
  const address: string = details.address ?? DEFAULT_ADDRESS;
  const identityNumber = request.buyer.identityNumber === undefined ? undefined : await request.buyer.identityNumber();
  return {
    buyer: {
      id,
      name,
      surname,
      ...(details.phone === undefined ? {} : { gsmNumber: String(details.phone) }),
      email: email ?? undefined,
      identityNumber,
      registrationAddress: address,
      ip,
      city,
      country,
    },
    address: { contactName: `${name} ${surname}`, city, country, address },
  };
};
