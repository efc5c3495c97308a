import { Section, Text } from '@react-email/components';
import { EmailLayout, paragraph, paragraphsOf } from './layout';

export interface SubgroupAssignmentEmailProps {
  /** The body as the server wrote it from the `subgroup_assignment` prompt. */
  text: string;
  groupName: string;
  subgroupName: string;
}

const badge = {
  backgroundColor: '#fbeee6',
  borderRadius: 8,
  color: '#7a3418',
  fontSize: 18,
  fontWeight: 700,
  margin: '0 0 18px',
  padding: '14px 18px',
};

/** Tells a member which subgroup of their group they were matched with. */
export function SubgroupAssignmentEmail({ text, groupName, subgroupName }: SubgroupAssignmentEmailProps) {
  return (
    <EmailLayout preview={`Your subgroup in ${groupName}: ${subgroupName}`}>
      <Section>
        <Text style={badge}>
          {subgroupName}
          <br />
          <span style={{ fontSize: 13, fontWeight: 400 }}>{groupName}</span>
        </Text>
      </Section>
      {paragraphsOf(text).map((p, i) => (
        <Text key={i} style={paragraph}>
          {p}
        </Text>
      ))}
    </EmailLayout>
  );
}
