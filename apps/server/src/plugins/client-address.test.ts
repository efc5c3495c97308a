import { expect, test } from 'bun:test';
import { clientAddress } from './client-address';

const socket = { requestIP: () => ({ address: '10.0.0.5' }) };
const req = (xff?: string) => new Request('http://hearth.test/api/auth/login', { headers: xff ? { 'x-forwarded-for': xff } : {} });

test('the socket address unless TRUST_PROXY; then the entry that many hops from the right of X-Forwarded-For', () => {
  expect(clientAddress({ trustProxy: 0 }, req('1.1.1.1'), socket)).toBe('10.0.0.5');
  expect(clientAddress({ trustProxy: 0 }, req(), null)).toBe('local');
  expect(clientAddress({ trustProxy: 1 }, req('6.6.6.6, 1.1.1.1'), socket)).toBe('1.1.1.1');
  expect(clientAddress({ trustProxy: 2 }, req('6.6.6.6, 1.1.1.1, 172.16.0.2'), socket)).toBe('1.1.1.1');
  // Fewer entries than trusted proxies: the leftmost is the best there is.
  expect(clientAddress({ trustProxy: 3 }, req('1.1.1.1'), socket)).toBe('1.1.1.1');
  // Behind a trusted proxy with no header at all: the socket (the proxy itself).
  expect(clientAddress({ trustProxy: 1 }, req(), socket)).toBe('10.0.0.5');
});
