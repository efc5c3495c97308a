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

/** The request clashes with what is stored, e.g. a name already taken (409). */
export class Conflict extends DomainError {}

/** The request carries more than the product keeps (413). */
export class TooLarge extends DomainError {}

/** An outside service (AI, transcription, SMS, e-mail) failed; trying again later may work (502). */
export class ProviderUnavailable extends DomainError {}
