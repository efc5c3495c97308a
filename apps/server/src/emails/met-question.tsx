import { Button, Section, Text } from '@react-email/components';
import { EmailLayout, paragraph, paragraphsOf } from './layout';

export interface MetQuestionEmailProps {
  /** The question as the server wrote it; `url` (the member's page, where the card takes the answer) appears in it. */
  text: string;
  url: string;
  subgroupName: string;
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

/** PRODUCT §11: did the member meet their subgroup (or meet again)? The answer is given on their page. */
export function MetQuestionEmail({ text, url, subgroupName }: MetQuestionEmailProps) {
  return (
    <EmailLayout preview={`Did you meet ${subgroupName}?`}>
      {paragraphsOf(text.replace(url, '').trim()).map((p, i) => (
        <Text key={i} style={paragraph}>
          {p}
        </Text>
      ))}
      <Section style={{ margin: '12px 0 4px' }}>
        <Button href={url} style={button}>
          Answer on your page
        </Button>
      </Section>
      <Text style={{ ...paragraph, color: '#8a8178', fontSize: 13 }}>This link is personal: please do not forward it.</Text>
    </EmailLayout>
  );
}
