import type { ReactNode } from 'react'

import { ContactMail } from '@/components/contact-email'

// The policy's ten sections (SPEC §2), in SPEC's order. Every statement here must stay true of what the product
// does (PRODUCT §7 and apps/server): check the server before changing a sentence.

export type PolicySection = { id: string; title: string; body: ReactNode }

export const POLICY_SECTIONS: PolicySection[] = [
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <p>We collect only what Hearth needs to hold a conversation with you and connect you with your community.</p>
        <ul>
          <li>
            <strong>Details your community gives us.</strong> Your name and, where your organizers add them, your phone number, e-mail
            address and the groups you belong to.
          </li>
          <li>
            <strong>Your voice — in the moment only.</strong> While you talk with Hearth, your voice is streamed to produce a spoken reply.
            Voice recordings are never saved, by us or in any file or database.
          </li>
          <li>
            <strong>Transcripts — temporarily.</strong> After a conversation long enough to learn from, its transcript is processed to
            update your profile and then immediately deleted. We never store it.
          </li>
          <li>
            <strong>Your profile and memory.</strong> Only your profile is retained: a short description of you for your group, and a memory
            of short facts Hearth has drawn from your conversations (for example, that you enjoy gardening). Memory holds derived notes,
            never your words as you said them.
          </li>
          <li>
            <strong>Conversation activity.</strong> Which conversation module you used, when a conversation started and ended, how long you
            have talked in total, and simple mood scores noted during a conversation.
          </li>
          <li>
            <strong>Feedback you choose to send.</strong> The text of your feedback, and the conversation it refers to only if you tick
            “Include conversation in feedback”. Spoken feedback is transcribed and the audio is discarded straight away.
          </li>
          <li>
            <strong>Messages we send you.</strong> For each text message or e-mail: its kind, whether it was delivered, and when. The
            message text itself is cleared once it has been sent or has finally failed.
          </li>
          <li>
            <strong>Staff accounts.</strong> The e-mail address and role of each organizer who signs in; passwords are stored only as a
            secure one-way hash.
          </li>
          <li>
            <strong>Technical information.</strong> The session cookies described below and short-lived counters that stop abuse such as
            repeated sign-in attempts, keyed by a one-way hash of a network address or e-mail address. Our logs do not contain phone
            numbers, e-mail addresses or the contents of messages.
          </li>
        </ul>
        <p>This website has no advertising trackers and no analytics scripts.</p>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How we use information',
    body: (
      <ul>
        <li>To hold the voice conversation you start, and to let Hearth pick up where you left off next time.</li>
        <li>To keep your profile and memory up to date after a conversation.</li>
        <li>
          To help your organizers bring people together, for example by suggesting small groups of members whose profiles have something in
          common.
        </li>
        <li>To give your organizers an overview of their community, so they know who to reach out to.</li>
        <li>
          To send the invitations, reminders and conversation recaps that you or your organizers asked for, by text message or e-mail.
        </li>
        <li>To keep Hearth secure, prevent misuse, and improve it using the feedback people choose to send.</li>
      </ul>
    ),
  },
  {
    id: 'how-we-share-information',
    title: 'How we share information',
    body: (
      <>
        <p>We never sell your information and we never use it for advertising. We share it only:</p>
        <ul>
          <li>
            <strong>With your community’s organizers,</strong> who can see your profile, memory, group membership, conversation activity and
            any feedback you send. Your profile is not shown to other members; if you are placed in a small group you may be told its name
            and what its members have in common.
          </li>
          <li>
            <strong>With the service providers that run Hearth for us,</strong> each only for its task: OpenAI as our AI provider (live
            voice conversation, profile and memory updates, transcription of spoken feedback), Twilio for text messages, an e-mail delivery
            service for e-mail, and our hosting provider.
          </li>
          <li>
            <strong>When the law requires it,</strong> or when it is needed to protect someone’s safety.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <>
        <p>
          Keeping less is our first protection: with no recordings and no stored transcripts, there is far less that could ever be exposed.
          Beyond that, passwords and session tokens are stored only as one-way hashes, session cookies cannot be read by scripts, personal
          links can be revoked by your organizers at any time, staff see only what their role allows, and repeated sign-in attempts are
          slowed down.
        </p>
        <p>
          No system is perfectly secure. If we learn of a breach that affects your information, we will tell your organizers and, where the
          law requires, you.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>Depending on where you live, you may have the right to:</p>
        <ul>
          <li>see the information we hold about you and receive a copy of it;</li>
          <li>have it corrected if it is wrong;</li>
          <li>have it deleted — your profile, memory and everything else that refers to you;</li>
          <li>object to or limit how we use it.</li>
        </ul>
        <p>
          Ask your organizers<ContactMail>{(link) => <>, or write to us at {link}</>}</ContactMail>. Your community’s administrators can
          export your data as a file and delete it at your request. To stop text messages, reply STOP to any message from Hearth (reply
          START to receive them again). To stop e-mails, ask your organizers or contact us.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <>
        <p>Hearth uses two cookies, both strictly necessary, and no advertising or analytics cookies:</p>
        <ul>
          <li>
            <strong>A staff session cookie,</strong> set when an organizer signs in, which keeps them signed in for up to 14 days.
          </li>
          <li>
            <strong>A member session cookie,</strong> set when you open your personal link, which keeps your conversation page working for
            up to 30 days.
          </li>
        </ul>
        <p>
          The conversation page also remembers two of your settings in your browser’s local storage: “Copy conversation on disconnect” and
          “Receive SMS reminder of this conversation”. They stay on your device.
        </p>
      </>
    ),
  },
  {
    id: 'children-under-13',
    title: 'Children under 13',
    body: (
      <p>
        Hearth is not meant for children under 13, and we do not knowingly collect information from them. If you believe a child under 13
        has used Hearth, <ContactMail fallback="tell the organizer of your community">{(link) => <>contact us at {link}</>}</ContactMail>{' '}
        and we will delete their information.
      </p>
    ),
  },
  {
    id: 'international-transfers',
    title: 'International transfers',
    body: (
      <p>
        Our service providers, including OpenAI and Twilio, may process information in the United States and other countries whose data
        protection laws differ from yours. Where the law requires it, we rely on recognized safeguards such as standard contractual clauses
        for these transfers.
      </p>
    ),
  },
  {
    id: 'changes-to-this-policy',
    title: 'Changes to this policy',
    body: (
      <p>
        When we change this policy, we will update the date at the top of this page. If a change matters for how your information is used,
        we will also let your organizers know before it takes effect, so they can tell you.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about this policy or your information?{' '}
        <ContactMail fallback="Ask the organizer who invited you; they can reach us.">
          {(link) => <>Write to us at {link}. A person will read it.</>}
        </ContactMail>
      </p>
    ),
  },
]
