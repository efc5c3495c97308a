import { t } from 'elysia';

const MAX_TEXT = 200_000;

const transcriptLine = t.Object(
  {
    role: t.Optional(t.String({ maxLength: 40 })),
    text: t.Optional(t.String({ maxLength: MAX_TEXT })),
    content: t.Optional(
      t.Union([
        t.String({ maxLength: MAX_TEXT }),
        t.Array(
          t.Object(
            { text: t.Optional(t.String({ maxLength: MAX_TEXT })), transcript: t.Optional(t.String({ maxLength: MAX_TEXT })) },
            { additionalProperties: true },
          ),
          { maxItems: 50 },
        ),
      ]),
    ),
  },
  { additionalProperties: true },
);

/** A transcript as text ("user: …" lines) or as a list of {role, text|content}; at most 200 KB in all. */
export const transcript = t.Union([t.String({ maxLength: MAX_TEXT }), t.Array(transcriptLine, { maxItems: 5000 })]);

const userName = t.String({ minLength: 1, maxLength: 400 });

export const userNameParams = t.Object({ userName });

export const updateProfileBody = t.Object({ conversation_transcript: transcript });

/** `userName` repeats the path (SPEC); the path decides. */
export const updateMemoryBody = t.Object({ userName: t.Optional(t.String({ maxLength: 400 })), conversation_transcript: transcript });

const isoTime = t.String({ minLength: 1, maxLength: 64 });

export const sectionDataBody = t.Object({
  user: userName,
  sectionData: t.Object({ moduleName: t.String({ minLength: 1, maxLength: 300 }), startTime: isoTime, endTime: isoTime }),
});

export const recapSmsBody = t.Object({ toUserName: userName, conversationTranscript: transcript });

export const reminderSmsBody = t.Object({
  toUserName: userName,
  userUrl: t.String({ minLength: 1, maxLength: 2000 }),
  conversationTranscript: t.Optional(transcript),
});

export const taglineSmsBody = t.Object({
  userName: t.Optional(t.String({ maxLength: 400 })),
  userFile: t.Optional(t.String({ maxLength: 400 })),
  conversation: transcript,
  // Accepted for SPEC's client; the SMS goes to the number stored for the user, never to a number sent here.
  phone_number: t.Optional(t.Union([t.String({ maxLength: 40 }), t.Null()])),
});

export const getResponseBody = t.Object({
  systemPrompt: t.Optional(t.Union([t.String({ maxLength: 20_000 }), t.Null()])),
  message: t.String({ minLength: 1, maxLength: 20_000 }),
  temperature: t.Optional(t.Number({ minimum: 0, maximum: 2 })),
});

export type Transcript = typeof transcript.static;
export type SectionData = (typeof sectionDataBody.static)['sectionData'];
export type TaglineSmsBody = typeof taglineSmsBody.static;
export type GetResponseBody = typeof getResponseBody.static;

// ---- Answers ----

export const profileAnswer = t.Object({ profile_for_group: t.String() });
export const memoryAnswer = t.Object({ memory_document: t.String() });
/** The stored section record's id. */
export const sectionAnswer = t.Object({ ok: t.Literal(true), id: t.Number() });
/** The queued SMS's outbox id; null when the same chat's message of that kind was queued before (not sent twice). */
export const smsQueuedAnswer = t.Object({ ok: t.Literal(true), id: t.Nullable(t.Number()) });
export const taglineAnswer = t.Object({ ok: t.Literal(true), id: t.Nullable(t.Number()), tagline: t.String() });
export const secondModelAnswer = t.Object({ gptResponse: t.String() });

export type SectionAnswer = typeof sectionAnswer.static;
export type SmsQueuedAnswer = typeof smsQueuedAnswer.static;
export type TaglineAnswer = typeof taglineAnswer.static;
