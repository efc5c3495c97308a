import type { ReactNode } from 'react';
import { Body, Container, Head, Heading, Hr, Html, Preview, Section, Text } from '@react-email/components';

const body = { backgroundColor: '#f6f3ee', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' };
const card = { backgroundColor: '#ffffff', borderRadius: 12, margin: '0 auto', maxWidth: 520, padding: '32px 28px' };
const brand = { color: '#b4532a', fontSize: 22, fontWeight: 700, margin: '0 0 16px' };
const footer = { color: '#8a8178', fontSize: 12, lineHeight: '18px', margin: 0 };

/** The frame every Hearth e-mail shares: brand, card, footer. */
export function EmailLayout({ preview, children }: { preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={card}>
          <Heading as="h1" style={brand}>
            Hearth
          </Heading>
          {children}
          <Hr style={{ borderColor: '#ece6de', margin: '28px 0 16px' }} />
          <Section>
            <Text style={footer}>Deeper Connections // Stronger Communities</Text>
            <Text style={footer}>Voice recordings are never saved. Only your profile is kept.</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export const paragraph = { color: '#2b2622', fontSize: 16, lineHeight: '24px', margin: '0 0 14px', whiteSpace: 'pre-line' as const };

/** The server-written text split into paragraphs, so the HTML says exactly what the plain-text part says. */
export const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
