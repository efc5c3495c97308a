import { t } from 'elysia';

// Phone fields are long enough for anything a person might paste: the service answers 400 "Invalid phone
// number" (SPEC §5) for a wrong one instead of a schema message.
const phone = t.String({ maxLength: 100 });
const email = t.String({ maxLength: 320 });
const userRef = t.String({ minLength: 1, maxLength: 400 });

export const SORT_KEYS = [
  'name',
  'email',
  'phone_number',
  'lastModuleUsed',
  'lastConversationDate',
  'totalDurationOfAllSections',
  'costUsd',
] as const;
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
  // false: refuse (409 with the users of that name) when the name is taken, so the screen can ask first. Left out,
  // SPEC's call creates the user whatever the name, as before.
  allowSameName: t.Optional(t.Boolean()),
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

// ---- Answers (SPEC §3/§7): what the routes send, checked by Elysia before it goes out ----

/** `{ id, name }` of every user, by name (SPEC §7 get-user-names). */
export const userNamesAnswer = t.Array(t.Object({ id: t.String(), name: t.String() }));

/** The admin view of a user (SPEC §3); dates are ISO 8601 in UTC, durations minutes. */
export const adminUserView = t.Object({
  id: t.String(),
  name: t.String(),
  email: t.Nullable(t.String()),
  phone_number: t.Nullable(t.String()),
  fileName: t.String(),
  profile_for_group: t.String(),
  quizSummaries: t.Array(t.Object({ date: t.String(), summary: t.String() })),
  groups: t.Array(t.Object({ id: t.String(), name: t.String() })),
  analytics: t.Object({
    lastModuleUsed: t.Nullable(t.String()),
    lastConversationDate: t.Nullable(t.String()),
    totalDurationOfAllSections: t.Number(),
    sessionDurations: t.Array(t.Object({ moduleName: t.String(), duration: t.Number() })),
    /** USD the member's voice sessions cost (issue 25 item 2): on the admins' users table only. */
    costUsd: t.Optional(t.Number()),
  }),
});
export type AdminUser = typeof adminUserView.static;

/** SPEC's unpaged list, or one page `{ users, total }` when the query asks for one. */
export const allUsersInfoAnswer = t.Union([t.Array(adminUserView), t.Object({ users: t.Array(adminUserView), total: t.Number() })]);

export const createdUserAnswer = t.Object({ id: t.String(), name: t.String(), fileName: t.String() });
export type CreatedUser = typeof createdUserAnswer.static;

/** 409 of create-user with `allowSameName: false`: the users that already have the name, told apart by contact and file. */
export const sameNameAnswer = t.Object({
  error: t.String(),
  sameName: t.Array(
    t.Object({ name: t.String(), fileName: t.String(), email: t.Nullable(t.String()), phone_number: t.Nullable(t.String()) }),
  ),
});
export type SameName = typeof sameNameAnswer.static;

/** SPEC §3's user content record. */
export const userContentAnswer = t.Object({
  phone_number: t.Nullable(t.String()),
  email: t.Nullable(t.String()),
  memory_document: t.String(),
  name: t.String(),
  userFile: t.String(),
});

export const phoneAnswer = t.Object({ phone_number: t.Nullable(t.String()) });
export const deletedUserAnswer = t.Object({ deleted: t.String() });

/**
 * Everything stored about one user (PRODUCT §7). Every level is open: an export must never lose a field
 * because this schema did not name it (Elysia drops unnamed fields of a closed object).
 */
const open = { additionalProperties: true } as const;
export const exportUserAnswer = t.Object(
  {
    exportedAt: t.String(),
    user: t.Object({ id: t.String(), name: t.String(), fileName: t.String() }, open),
    groups: t.Array(t.Object({ id: t.String(), name: t.String(), subgroup: t.Nullable(t.Object({}, open)) }, open)),
    sectionRecords: t.Array(t.Object({}, open)),
    quizSummaries: t.Array(t.Object({}, open)),
    memoryEntries: t.Array(t.Object({}, open)),
    moodEntries: t.Array(t.Object({}, open)),
    feedback: t.Array(t.Object({}, open)),
    messages: t.Array(t.Object({}, open)),
    voiceSessions: t.Array(t.Object({}, open)),
    personalLinks: t.Object({ issued: t.Number(), active: t.Number() }, open),
    signedInSessions: t.Number(),
    wellbeingAnswers: t.Array(t.Object({}, open)),
    metAsks: t.Array(t.Object({ round: t.String(), askedAt: t.String(), answer: t.Nullable(t.String()) }, open)),
  },
  open,
);
