import { t } from 'elysia';

const oneOf = <A extends string, B extends string>(a: A, b: B) => t.Union([t.Literal(a), t.Literal(b)]);

/** PRODUCT §9: `{ ok, database, providers }`, with 200 when the database answers and 503 when it does not. */
export const healthAnswer = t.Object({
  ok: t.Boolean(),
  database: oneOf('pglite', 'postgres'),
  providers: t.Object({
    realtime: oneOf('openai', 'local'),
    text: oneOf('openai', 'local'),
    sms: oneOf('twilio', 'outbox'),
    email: oneOf('smtp', 'outbox'),
  }),
});

/** What the public pages may show of the configuration: the contact address (CONTACT_EMAIL), null when unset. */
export const publicConfigAnswer = t.Object({
  contactEmail: t.Union([t.String(), t.Null()]),
});
