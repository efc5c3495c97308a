import { t } from 'elysia';

const id = t.String({ minLength: 1, maxLength: 100 });

export const groupIdParams = t.Object({ groupId: id });

export const createGroupBody = t.Object({
  name: t.String({ maxLength: 200 }),
});

export const membershipBody = t.Object({
  groupId: id,
  userFile: t.String({ minLength: 1, maxLength: 400 }),
});

export const setGroupModuleBody = t.Object({
  // A module name with or without ".json"; null (or empty) lifts the isolation.
  moduleName: t.Nullable(t.String({ maxLength: 300 })),
});
