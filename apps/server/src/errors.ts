/**
 * Domain errors: what went wrong, in words meant for the person using the product. Services, providers and
 * helpers throw these and know nothing of HTTP; only the error plugin (plugins/errors.ts) turns each kind into
 * a status and a `{ error }` body (SPEC §8).
 */
export abstract class DomainError extends Error {
  override get name() {
    return this.constructor.name;
  }
}

/** Something the request names does not exist (404). */
export class NotFound extends DomainError {
  constructor(message = 'Not found') {
    super(message);
  }
}

/** The request's values break a rule of the product (400). */
export class Invalid extends DomainError {}

/**
 * The request clashes with what is stored, e.g. a name already taken (409). `extra` adds fields beside `error` in
 * the answer where a fixed shape asks for them (PRODUCT §10's gate: `{ error, failing }`).
 */
export class Conflict extends DomainError {
  constructor(
    message: string,
    public readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The request carries more than the product keeps (413). */
export class TooLarge extends DomainError {}

/** An outside service (AI, transcription, SMS, e-mail) failed; trying again later may work (502). */
export class ProviderUnavailable extends DomainError {}

/** The request needs a signed-in person, or the credentials it carries are wrong (401). */
export class Unauthenticated extends DomainError {
  constructor(message = 'Please sign in') {
    super(message);
  }
}

/** The signed-in person may not do this (403). */
export class Forbidden extends DomainError {
  constructor(message = 'You do not have access to this') {
    super(message);
  }
}

/** Too many attempts in a window; the answer says when to try again (429 with Retry-After). */
export class RateLimited extends DomainError {
  constructor(public readonly retryAfterSeconds: number) {
    super(`Too many attempts. Try again in ${retryAfterSeconds} seconds.`);
  }
}

/** Our own side failed in a way the person should hear about in words, e.g. a message that could not be queued (500). */
export class InternalFailure extends DomainError {}
