import { createElement } from 'react';
import { render } from '@react-email/render';
import { InviteEmail, type InviteEmailProps } from './invite';
import { MetQuestionEmail, type MetQuestionEmailProps } from './met-question';
import { SubgroupAssignmentEmail, type SubgroupAssignmentEmailProps } from './subgroup-assignment';

/** HTML of each e-mail the server sends; the plain-text part is the server-written text itself. */
export const renderInviteEmail = (props: InviteEmailProps) => render(createElement(InviteEmail, props));

export const renderSubgroupAssignmentEmail = (props: SubgroupAssignmentEmailProps) => render(createElement(SubgroupAssignmentEmail, props));

export const renderMetQuestionEmail = (props: MetQuestionEmailProps) => render(createElement(MetQuestionEmail, props));
