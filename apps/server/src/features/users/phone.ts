import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { Invalid } from '../../errors';

export const INVALID_PHONE = 'Invalid phone number';

/**
 * A number typed without a plus is read as a national number of this country. We do not guess other
 * countries: reading "5551234567" as, say, +55 would send a text message to a stranger. Anyone outside the
 * US types the plus and the country code.
 */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

// SPEC §5: an optional leading plus, then digits only. E.164 allows at most 15 digits; a national number
// with a trunk prefix may have a few more before it is normalised.
const PHONE_SHAPE = /^\+?\d{1,18}$/;

/**
 * The phone number as stored (E.164, e.g. "+14155552671"), or null for "no phone" (null, undefined, an empty
 * or blank string). Anything else that is not a valid number throws Invalid "Invalid phone number".
 * `requirePlus` is for the operator's update card, where SPEC §5 asks for "a plus followed by digits only".
 */
export function normalizePhone(input: string | null | undefined, opts: { requirePlus?: boolean } = {}): string | null {
  if (input == null) return null;
  const trimmed = input.trim();
  if (trimmed === '') return null;
  if (!PHONE_SHAPE.test(trimmed) || (opts.requirePlus && !trimmed.startsWith('+'))) throw new Invalid(INVALID_PHONE);
  const parsed = parsePhoneNumberFromString(trimmed, DEFAULT_PHONE_COUNTRY);
  if (!parsed?.isValid()) throw new Invalid(INVALID_PHONE);
  return parsed.number;
}
