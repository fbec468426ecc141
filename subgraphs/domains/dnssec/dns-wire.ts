import dnsPacket from 'dns-packet';

/** The per-part encoders dns-packet exports at run time but its type declarations leave out. */
interface Encoder<T> {
  encode(value: T): Buffer;
  encodingLength(value: T): number;
}

interface DnsPacketParts {
  name: Encoder<string>;
  answer: Encoder<Record<string, unknown>>;
  rrsig: Encoder<Record<string, unknown>>;
}

export const wire = dnsPacket as unknown as DnsPacketParts;
