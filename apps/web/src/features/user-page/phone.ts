// SPEC §5 "User-page phone": while typing, everything but digits and "+" is dropped; on save the number must
// be an optional "+" then digits (the server then checks it is a real number and stores it as E.164).

export function stripPhoneInput(value: string): string {
  return value.replace(/[^\d+]/g, '')
}

export function isValidPhoneInput(value: string): boolean {
  return /^\+?\d+$/.test(value)
}
