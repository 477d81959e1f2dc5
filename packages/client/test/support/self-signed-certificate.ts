// A throwaway self-signed certificate for 127.0.0.1, made at test time with node:crypto alone (no openssl on a
// fresh CI machine, no package for ~40 lines of DER): an ECDSA P-256 key and an X.509 v3 certificate signed by it.
import { generateKeyPairSync, sign } from 'node:crypto';

/** PEM key and certificate, as node:tls, node:https and node:http2 take them. */
export interface Certificate {
  key: string;
  cert: string;
}

/** Makes a certificate for 127.0.0.1 valid for a day; a browser accepts it only when told to ignore certificate errors. */
export function selfSignedCertificate(): Certificate {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const ecdsaWithSha256 = sequence(objectId('1.2.840.10045.4.3.2'));
  const name = sequence(set(sequence(objectId('2.5.4.3'), tlv(0x0c, Buffer.from('127.0.0.1')))));
  const now = Date.now();
  const subjectAltName = sequence(objectId('2.5.29.17'), tlv(0x04, sequence(tlv(0x87, Buffer.from([127, 0, 0, 1])))));
  const toBeSigned = sequence(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))), // version 3
    tlv(0x02, Buffer.from([1])), // serial number
    ecdsaWithSha256,
    name,
    sequence(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, sequence(subjectAltName)),
  );
  // Node signs EC keys in the DER form X.509 wants.
  const signature = sign('sha256', toBeSigned, privateKey);
  const certificate = sequence(toBeSigned, ecdsaWithSha256, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const lines = certificate.toString('base64').match(/.{1,64}/g) ?? [];
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    cert: `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`,
  };
}

function tlv(tag: number, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  const length = [];
  for (let rest = body.length; rest > 0; rest >>= 8) length.unshift(rest & 0xff);
  const header = body.length < 0x80 ? [body.length] : [0x80 | length.length, ...length];
  return Buffer.concat([Buffer.from([tag, ...header]), body]);
}

const sequence = (...contents: Buffer[]) => tlv(0x30, ...contents);
const set = (...contents: Buffer[]) => tlv(0x31, ...contents);

function objectId(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * first + second];
  for (const arc of rest) {
    const groups = [arc & 0x7f];
    for (let value = arc >> 7; value > 0; value >>= 7) groups.unshift((value & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return tlv(0x06, Buffer.from(bytes));
}

// UTCTime, YYMMDDHHMMSSZ.
function utcTime(date: Date): Buffer {
  return tlv(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`));
}
