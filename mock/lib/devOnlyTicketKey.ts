/**
 * DEVELOPMENT ONLY. The Ed25519 private key (PKCS#8 PEM) the mock signs ticket tokens with, so that under
 * `npm run dev` the examiner's scan page verifies them offline against the mock's public-key endpoint. It is
 * committed and therefore known to everyone: it must never sign a real ticket. The server never reads it (it derives
 * its key from APP_SECRET or takes TICKET_SIGNING_KEY), and tests/contract/mock.test.ts fails if it appears in
 * server/.
 */
export const DEV_ONLY_TICKET_SIGNING_KEY = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEINnnwEMVQd8+7WPtrom4YzJbwaE7M3vZM3c29hoXz64H
-----END PRIVATE KEY-----
`;
