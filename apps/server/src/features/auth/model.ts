import { t } from 'elysia';

export const loginBody = t.Object({
  email: t.String({ minLength: 1, maxLength: 320 }),
  password: t.String({ minLength: 1, maxLength: 1024 }),
});

export const userLinkBody = t.Object({
  userFile: t.String({ minLength: 1, maxLength: 400 }),
  moduleName: t.String({ minLength: 1, maxLength: 300 }),
});

export const userSessionBody = t.Object({
  token: t.String({ minLength: 1, maxLength: 200 }),
});

export const revokeLinksBody = t.Object({
  userFile: t.String({ minLength: 1, maxLength: 400 }),
});

// ---- Answers ----

/** The signed-in staff member (PRODUCT §9 `GET /api/auth/me`; also the sign-in's answer). */
export const meAnswer = t.Object({ email: t.String(), role: t.Union([t.Literal('operator'), t.Literal('admin')]) });
export const loggedOutAnswer = t.Object({ ok: t.Literal(true) });
export const userLinkAnswer = t.Object({ url: t.String() });
/**
 * What revoking did: personal links that were still valid and are now revoked, the user's sign-ins ended, and how
 * many of those were in a live voice session (ended with them).
 */
export const revokedAnswer = t.Object({ revoked: t.Number(), signedOut: t.Number(), liveSessionsEnded: t.Number() });
/** The end user the link opened a session for; `moduleName` is the module the link was issued for, if any. */
export const userSessionAnswer = t.Object({ name: t.String(), userFile: t.String(), moduleName: t.Nullable(t.String()) });
/** Who the user page talks to: the end user, or a staff member trying the page (no end user). */
export const currentUserAnswer = t.Union([
  t.Object({ name: t.String(), userFile: t.String() }),
  t.Object({ name: t.Null(), userFile: t.Null(), staff: t.Literal(true) }),
]);
