import { personalLinkPlaceholder } from '../messages/outbox';
import type { MetRoundName } from './model';

/**
 * What the server writes when it asks whether a member met their subgroup (PRODUCT §11): short and warm, in the
 * member's first name; a client never supplies the text. The SMS is answered by reply, the e-mail on the user
 * page's card (its personal link is a placeholder filled in at send time).
 */

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

const question = (round: MetRoundName, subgroupName: string, groupName: string) =>
  round === 'met'
    ? `Did you get to meet your group "${subgroupName}" (${groupName})?`
    : `Have you met your group "${subgroupName}" (${groupName}) again since?`;

export function metSmsText(round: MetRoundName, name: string, subgroupName: string, groupName: string): string {
  return `Hi ${firstName(name)}, it's Hearth. ${question(round, subgroupName, groupName)} Reply YES, NO or LATER.`;
}

/** The one clarifying SMS for a reply we could not read. */
export function clarifySmsText(round: MetRoundName): string {
  const again = round === 'met' ? 'Did you meet your group?' : 'Did you meet your group again?';
  return `Sorry, we didn't catch that. ${again} Reply YES, NO or LATER.`;
}

let renderer: Promise<typeof import('../../emails/render')> | null = null;
const emailRenderer = () => (renderer ??= import('../../emails/render'));

export async function metEmailMessage(round: MetRoundName, name: string, subgroupName: string, groupName: string, moduleName: string) {
  const url = personalLinkPlaceholder(moduleName);
  const text = `Hi ${firstName(name)},\n\n${question(round, subgroupName, groupName)} Tell us with one click on your page: ${url}\n\nThank you! Hearth`;
  const subject = round === 'met' ? `Did you meet ${subgroupName}?` : `Did you meet ${subgroupName} again?`;
  return { subject, text, html: await (await emailRenderer()).renderMetQuestionEmail({ text, url, subgroupName }) };
}
