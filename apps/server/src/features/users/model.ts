import { t } from 'elysia';

// Phone fields are long enough for anything a person might paste: the service answers 400 "Invalid phone
// number" (SPEC §5) for a wrong one instead of a schema message.
const phone = t.String({ maxLength: 100 });
const email = t.String({ maxLength: 320 });
const userRef = t.String({ minLength: 1, maxLength: 400 });

export const SORT_KEYS = ['name', 'email', 'phone_number', 'lastModuleUsed', 'lastConversationDate', 'totalDurationOfAllSections'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;

export const usersInfoQuery = t.Object({
  page: t.Optional(t.Integer({ minimum: 1, maximum: 1_000_000 })),
  pageSize: t.Optional(t.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  q: t.Optional(t.String({ maxLength: 200 })),
  // "key" or "key:asc" / "key:desc"; the key is checked in the service for a readable message.
  sort: t.Optional(t.String({ maxLength: 60 })),
});

export const createUserBody = t.Object({
  name: t.String({ maxLength: 200 }),
  phone_number: t.Optional(t.Nullable(phone)),
  email: t.Optional(t.Nullable(email)),
});

export const userNameParams = t.Object({ userName: userRef });
export const fileNameParams = t.Object({ fileName: userRef });

export const updateUserInfoBody = t.Object({
  userFileName: userRef,
  // Left out: unchanged. Empty or null: removed.
  phoneNumber: t.Optional(t.Nullable(phone)),
  email: t.Optional(t.Nullable(email)),
});

export const updatePhoneBody = t.Object({
  phoneNumber: t.Nullable(phone),
});

export type UsersInfoQuery = typeof usersInfoQuery.static;
export type CreateUserBody = typeof createUserBody.static;
export type UpdateUserInfoBody = typeof updateUserInfoBody.static;
