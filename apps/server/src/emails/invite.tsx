import { Button, Link, Section, Text } from '@react-email/components';
import { EmailLayout, paragraph, paragraphsOf } from './layout';

export interface InviteEmailProps {
  /** The body as the server wrote it from the `invite_email` prompt; `url` appears in it. */
  text: string;
  url: string;
  moduleName: string;
}

const button = {
  backgroundColor: '#b4532a',
  borderRadius: 8,
  color: '#ffffff',
  display: 'inline-block',
  fontSize: 16,
  fontWeight: 600,
  padding: '12px 22px',
  textDecoration: 'none',
};

/** Invitation to talk with the companion: the written text, then the personal link as a button. */
export function InviteEmail({ text, url, moduleName }: InviteEmailProps) {
  return (
    <EmailLayout preview={`Your Hearth companion is ready: ${moduleName}`}>
      {paragraphsOf(text).map((p, i) => (
        <Text key={i} style={paragraph}>
          {p.includes(url)
            ? p.split(url).flatMap((part, j) =>
                j === 0
                  ? [part]
                  : [
                      <Link key={j} href={url}>
                        open your link
                      </Link>,
                      part,
                    ],
              )
            : p}
        </Text>
      ))}
      <Section style={{ margin: '12px 0 4px' }}>
        <Button href={url} style={button}>
          Start talking
        </Button>
      </Section>
      <Text style={{ ...paragraph, color: '#8a8178', fontSize: 13 }}>This link is personal: please do not forward it.</Text>
    </EmailLayout>
  );
}
