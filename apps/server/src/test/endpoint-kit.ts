import type { TestContext } from './harness';

// The endpoint matrix's shared parts: what an endpoint entry is, and the little builders entries use.

/**
 * Who may call an endpoint (PRODUCT.md §1/§3). 'user' = any staff member, or the end user for their own data;
 * 'member' = an end-user session only, always about that member's own data (staff 403).
 */
export type Access = 'public' | 'user' | 'member' | 'operator' | 'admin';

export interface Fixtures {
  ctx: TestContext;
  /** A fresh user with phone and e-mail, in a fresh group with one subgroup. */
  freshUser(): Promise<{ id: string; name: string; fileName: string; groupId: string; subgroupId: string }>;
}

export interface Call {
  path: string;
  body?: unknown;
  form?: FormData;
}

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as SPEC §7 / PRODUCT §9 write it. */
  route: string;
  access: Access;
  /** Builds a valid call; `owner` is the end user whose data a 'user' endpoint touches. */
  make(f: Fixtures, owner: { id: string; name: string; fileName: string }): Promise<Call>;
  /** For 'user' endpoints: does the call touch the owner's own data (another end user then gets 404)? */
  ownData?: boolean;
  /** Path parameters and body fields to fuzz. */
  params?: string[];
  bodyFields?: string[];
  multipart?: boolean;
}

export const wav = () => {
  // 0.5 s of a 440 Hz tone as a 16-bit mono WAV, built in memory.
  const rate = 24000;
  const n = rate / 2;
  const buf = new ArrayBuffer(44 + n * 2);
  const v = new DataView(buf);
  const w = (o: number, s: string) => [...s].forEach((c, i) => v.setUint8(o + i, c.charCodeAt(0)));
  w(0, 'RIFF');
  v.setUint32(4, 36 + n * 2, true);
  w(8, 'WAVE');
  w(12, 'fmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, rate, true);
  v.setUint32(28, rate * 2, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  w(36, 'data');
  v.setUint32(40, n * 2, true);
  for (let i = 0; i < n; i++) v.setInt16(44 + i * 2, Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), true);
  return new Blob([buf], { type: 'audio/wav' });
};

let seq = 0;
export const uniq = (p: string) => `${p} ${++seq}${Math.random().toString(36).slice(2, 6)}`;
export const transcript = 'user: I love gardening and cycling.\nassistant: Wonderful, tell me more.';
