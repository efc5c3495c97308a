/**
 * A provider refused or could not take a message. `summary` is short and safe to store and log: codes and
 * statuses only, never the provider's message text (Twilio's quotes the phone number).
 */
export class SendError extends Error {
  constructor(
    public summary: string,
    /** Worth another attempt later (provider down, rate limited, network); false for a refusal. */
    public retryable: boolean,
  ) {
    super(summary);
  }
}
