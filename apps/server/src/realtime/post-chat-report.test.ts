import { describe, expect, test } from 'bun:test';
import type { AppDeps } from '../deps';
import type { PostChatResult } from '../features/post-chat/run';
import { postChatReport } from './post-chat-report';

// No SMS was queued in these results, so the report reads nothing from the outbox or the database.
const deps = {} as AppDeps;

function result(failedSteps: string[], over: Partial<PostChatResult> = {}): PostChatResult {
  return {
    voiceSessionId: 'vs',
    ran: true,
    status: failedSteps.length ? 'partial' : 'done',
    messageCount: 8,
    durationSeconds: 60,
    profileUpdated: !failedSteps.includes('profile'),
    memoryUpdated: !failedSteps.includes('memory'),
    sectionRecordId: failedSteps.includes('section') ? null : 1,
    quizSummaryId: failedSteps.includes('quiz') ? null : 1,
    sms: { recap: 'not-needed', tagline: 'not-needed', reminder: 'not-needed' },
    smsIds: {},
    failedSteps,
    ...over,
  };
}

describe('the post-chat report the user sees', () => {
  test('a failed profile update is only logged (SPEC §4): the chat is reported done', async () => {
    expect(await postChatReport(deps, result(['profile']))).toEqual({
      type: 'hearth.post_chat',
      status: 'done',
      did: { profile: false, memory: true, section: true, recapSms: false, taglineSms: false, reminderSms: false },
    });
  });

  test('any other failed step is a disconnect process error naming the steps', async () => {
    const report = await postChatReport(deps, result(['memory', 'section', 'quiz']));
    expect(report.status).toBe('error');
    expect(report.error).toBe(
      'your memory could not be updated; the conversation record could not be saved; the conversation summary could not be saved',
    );
    const sms = await postChatReport(deps, result(['tagline'], { sms: { recap: 'queued', tagline: 'failed', reminder: 'not-needed' } }));
    expect(sms).toMatchObject({ status: 'error', error: 'the tagline SMS could not be sent', did: { recapSms: true, taglineSms: false } });
  });
});
