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
