import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, test } from 'node:test';
import { api } from '../../contract';
import { createTicketSigner, TicketInvalidError } from './tickets';

const DAY = 86_400_000;
const config = { appSecret: 'a-test-secret-of-reasonable-length', ticketSigningKey: undefined };
const claims = {
  registrationId: '0190a0b0-0000-7000-8000-000000000001',
  examId: '0190a0b0-0000-7000-8000-000000000002',
  startsAt: new Date(Date.now() + 10 * DAY),
};

function refusedAs(reason: 'expired' | 'invalid') {
  return (error: unknown) => error instanceof TicketInvalidError && error.reason === reason;
}

describe('ticket tokens', () => {
  test('a signed token verifies and names the registration, the exam and the ticket version', async () => {
    const signer = createTicketSigner(config);
    const token = await signer.signTicket(claims);
    assert.deepEqual(await signer.verifyTicket(token), {
      registrationId: claims.registrationId,
      examId: claims.examId,
      version: 1,
    });
    assert.equal((await signer.verifyTicket(await signer.signTicket({ ...claims, version: 3 }))).version, 3);
    // It goes into a QR code: a few hundred characters at most.
    assert.ok(token.length < 400, `token is ${token.length} characters`);
  });

  test('the header names the algorithm and the key id the public key endpoint answers', async () => {
    const signer = createTicketSigner(config);
    const token = await signer.signTicket(claims);
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString());
    const publicKey = api.ticketPublicKey.data.parse(signer.publicKey());
    assert.deepEqual(header, { alg: 'EdDSA', kid: publicKey.kid });
  });

  test('it expires a day after the exam starts', async () => {
    const signer = createTicketSigner(config);
    const payload = JSON.parse(
      Buffer.from((await signer.signTicket(claims)).split('.')[1] ?? '', 'base64url').toString(),
    );
    assert.equal(payload.exp, Math.floor((claims.startsAt.getTime() + DAY) / 1000));
  });

  test('instances sharing APP_SECRET sign alike; another secret gives another key', async () => {
    const one = createTicketSigner(config);
    const two = createTicketSigner({ ...config });
    assert.deepEqual(one.publicKey(), two.publicKey());
    assert.deepEqual(await two.verifyTicket(await one.signTicket(claims)), {
      registrationId: claims.registrationId,
      examId: claims.examId,
      version: 1,
    });
    assert.notEqual(
      createTicketSigner({ ...config, appSecret: 'another-secret' }).publicKey().kid,
      one.publicKey().kid,
    );
  });

  test('a tampered payload is refused', async () => {
    const signer = createTicketSigner(config);
    const [header, , signature] = (await signer.signTicket(claims)).split('.');
    const forged = Buffer.from(
      JSON.stringify({ sub: '0190a0b0-0000-7000-8000-000000000099', exam: claims.examId, exp: 4102444800 }),
    ).toString('base64url');
    await assert.rejects(signer.verifyTicket(`${header}.${forged}.${signature}`), refusedAs('invalid'));
  });

  test('a token signed by another key is refused', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const other = createTicketSigner({
      ...config,
      ticketSigningKey: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    });
    const signer = createTicketSigner(config);
    await assert.rejects(signer.verifyTicket(await other.signTicket(claims)), refusedAs('invalid'));
    await assert.rejects(signer.verifyTicket('not-a-token'), refusedAs('invalid'));
  });

  test('a configured PEM key signs and verifies', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const signer = createTicketSigner({ ...config, ticketSigningKey: pem });
    assert.equal((await signer.verifyTicket(await signer.signTicket(claims))).examId, claims.examId);
  });

  test('a key that is not Ed25519 is refused at start-up', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    assert.throws(() => createTicketSigner({ ...config, ticketSigningKey: pem }), /Ed25519/);
  });

  test('an expired token is refused', async () => {
    let now = new Date();
    const signer = createTicketSigner(config, () => now);
    const token = await signer.signTicket(claims);
    now = new Date(claims.startsAt.getTime() + DAY + 1000);
    await assert.rejects(signer.verifyTicket(token), refusedAs('expired'));
  });
});
