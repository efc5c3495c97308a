import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { TestContext } from '../../test/harness';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { createMessagingTestContext } from '../messages/testing';
import { NO_EMAIL, NO_PHONE } from './service';

let ctx: TestContext;
let twilio: FakeTwilio;
let sink: SmtpSink;
let admin: string;

type U = { id: string; name: string; fileName: string };
const users: Record<string, U> = {};

async function member(
  name: string,
  groupId: string,
  subgroupId: string | null,
  fields: { phone_number?: string; email?: string } = {},
  description = '',
) {
  const u = await ctx.createUser(name, fields);
  await ctx.db
    .insertInto('group_members')
    .values({ group_id: groupId, user_id: u.id, subgroup_id: subgroupId, user_description: description })
    .execute();
  users[name] = u;
  return u;
}

beforeAll(async () => {
  twilio = startFakeTwilio();
  sink = await startSmtpSink();
  ctx = await createMessagingTestContext({
    config: {
      twilio: { accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+15005550006', apiUrl: twilio.url },
      smtpUrl: sink.url,
    },
  });
  admin = await ctx.staffCookie('admin');
  await ctx.db
    .insertInto('groups')
    .values([
      { id: 'g1', name: 'Garden Club' },
      { id: 'g2', name: 'Book Club' },
      { id: 'g3', name: 'Empty Club' },
      { id: 'g4', name: 'Happy Club' },
    ])
    .execute();
  await ctx.db
    .insertInto('subgroups')
    .values([
      { id: 's1', group_id: 'g1', name: 'Green Thumbs', description: 'Loves plants.' },
      { id: 's2', group_id: 'g1', name: 'Cyclists', description: 'Rides on weekends.' },
      { id: 's3', group_id: 'g2', name: 'Readers', description: '' },
      { id: 's4', group_id: 'g4', name: 'Smilers', description: '' },
    ])
    .execute();
  await member('Ana', 'g1', 's1', { phone_number: '+14155552651', email: 'ana@example.com' }, 'Grows tomatoes.');
  await member('Ben', 'g1', 's2', { phone_number: '+14155552652' });
  await member('Cal', 'g1', 's1');
  await member('Dee', 'g1', 's2', { phone_number: '+14155552654' });
  await member('Eve', 'g1', null, { phone_number: '+14155552655' });
  await member('Fay', 'g1', 's1', { phone_number: '+14155552656' });
  await member('Gus', 'g1', 's2', { phone_number: '+14155552657' });
  await member('Hal', 'g4', 's4', { phone_number: '+14155552658' });
  await member('Ivy', 'g4', 's4', { phone_number: '+14155552659' });
  await member('Jon', 'g3', null, { phone_number: '+14155552660' });
  await ctx.db.updateTable('users').set({ sms_opt_out: true }).where('id', '=', users.Dee.id).execute();
});
afterAll(async () => {
  await ctx.close();
  await twilio.stop();
  await sink.stop();
});
beforeEach(() => {
  twilio.reset();
  sink.reset();
});

describe('POST /api/twilio/subgroup-sms', () => {
  const blast = (groupId: string, cookie = admin, force?: boolean) =>
    ctx.request('POST', '/api/twilio/subgroup-sms', { cookie, body: { groupId, ...(force === undefined ? {} : { force }) } });

  const phones: Record<string, string> = { Ana: '+14155552651', Ben: '+14155552652', Fay: '+14155552656', Gus: '+14155552657' };
  let refused = '';

  test('each member with a subgroup gets their assignment; counts and failures are reported', async () => {
    twilio.failNext({ status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' });
    const res = await blast('g1');
    expect(res.status).toBe(200);
    // Twilio refuses whichever of the four with a usable number is sent first.
    refused = res.body.failedUsers.find((f: { reason: string }) => f.reason.startsWith('Twilio'))?.name;
    expect(Object.keys(phones)).toContain(refused);
    const reasons: Record<string, string> = { Cal: 'no phone', Dee: 'opted out', [refused]: 'Twilio error 21610 (HTTP 400)' };
    const failed = Object.keys(reasons)
      .sort()
      .map((name) => ({ userFile: users[name].fileName, name, reason: reasons[name] }));
    expect(res.body).toEqual({
      success: false,
      total: 6,
      messageSuccess: 3,
      messageFailed: 3,
      failedUsers: failed,
      message: ['Failed to send 3 SMS messages of 6', ...failed.map((f) => `${f.name}: ${f.reason}`)].join('\n'),
      campaignId: expect.any(String),
    });
    const byTo = new Map(twilio.messages.map((m) => [m.to, m.body]));
    const delivered = Object.entries(phones)
      .filter(([name]) => name !== refused)
      .map(([, phone]) => phone);
    expect([...byTo.keys()].sort()).toEqual(delivered.sort());
    const text = {
      Ana: 'Hi Ana! You have been matched with the subgroup "Green Thumbs" in Garden Club. Loves plants. Grows tomatoes.',
      Ben: 'Hi Ben! You have been matched with the subgroup "Cyclists" in Garden Club. Rides on weekends.',
      Fay: 'Hi Fay! You have been matched with the subgroup "Green Thumbs" in Garden Club. Loves plants.',
      Gus: 'Hi Gus! You have been matched with the subgroup "Cyclists" in Garden Club. Rides on weekends.',
    } as Record<string, string>;
    for (const [name, phone] of Object.entries(phones)) if (name !== refused) expect(byTo.get(phone)).toBe(text[name]);
    expect(byTo.has('+14155552655')).toBe(false); // Eve has no subgroup
  });

  test('PRODUCT §6: blasting again is 409 with how many got it and when, until the request says force', async () => {
    const res = await blast('g1');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'The subgroup assignment SMS already went to 3 members of Garden Club. Send it again only if you mean to.',
      alreadySent: 3,
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(Date.now() - Date.parse(res.body.sentAt)).toBeLessThan(60_000);
    expect((await blast('g1', admin, false)).status).toBe(409);
    expect(twilio.requests).toBe(0);

    const forced = await blast('g1', admin, true);
    expect(forced.status).toBe(200);
    expect(forced.body).toMatchObject({ total: 6, messageSuccess: 4, messageFailed: 2 });
    expect(twilio.messages.map((m) => m.to).sort()).toEqual(Object.values(phones).sort());
  });

  test('all sent: success and a sentence', async () => {
    const res = await blast('g4');
    expect(res.body).toEqual({
      success: true,
      total: 2,
      messageSuccess: 2,
      messageFailed: 0,
      failedUsers: [],
      message: 'Sent the subgroup assignment SMS to all 2 members with a subgroup',
      campaignId: expect.any(String),
    });
    expect(twilio.messages).toHaveLength(2);
  });

  test('a group without assignments is 400, an unknown group 404, admins only', async () => {
    expect((await blast('g3')).status).toBe(400);
    expect((await blast('g3')).body.error).toBe('No member of this group has a subgroup yet: assign subgroups first');
    expect((await blast('nope')).status).toBe(404);
    expect((await blast('g4', '')).status).toBe(401);
    expect((await blast('g4', await ctx.staffCookie('operator'))).status).toBe(403);
    expect((await blast('g4', await ctx.userCookie(users.Hal.id))).status).toBe(403);
    expect(twilio.requests).toBe(0);
  });
});

describe('POST /api/twilio/notify-assignment', () => {
  const notify = (body: object, cookie = admin) => ctx.request('POST', '/api/twilio/notify-assignment', { cookie, body });

  test("sends one member's assignment; what else the client sends is ignored", async () => {
    // Fay got the blast's text for her old subgroup: the new one is a repeat of the kind, so it says force.
    await ctx.db.updateTable('group_members').set({ subgroup_id: 's2' }).where('user_id', '=', users.Fay.id).execute();
    const res = await notify({
      groupId: 'g1',
      userFile: users.Fay.fileName,
      subGroupId: 's2',
      force: true,
      message: 'client text',
      phoneNumber: '+14155550000',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, status: 'sent', provider: 'twilio', duplicate: false, message: 'SMS sent to Fay' });
    expect(twilio.messages).toEqual([
      expect.objectContaining({
        to: '+14155552656',
        body: 'Hi Fay! You have been matched with the subgroup "Cyclists" in Garden Club. Rides on weekends.',
      }),
    ]);
  });

  test('PRODUCT §6 per member: after the blast a notice is 409 unless forced, and forced within a minute it is the same message', async () => {
    const res = await notify({ groupId: 'g1', userFile: users.Ben.fileName, subGroupId: 's2' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'The assignment SMS was already sent to Ben; send it again to confirm',
      alreadySent: 1,
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const forced = await notify({ groupId: 'g1', userFile: users.Ben.fileName, subGroupId: 's2', force: true });
    expect(forced.status).toBe(200);
    expect(forced.body.duplicate).toBe(true);
    expect(twilio.requests).toBe(0);
  });

  test('a notice of its own counts too: the second one is 409', async () => {
    const kim = await member('Kim', 'g4', 's4', { phone_number: '+14155552661' });
    const body = { groupId: 'g4', userFile: kim.fileName, subGroupId: 's4' };
    expect((await notify(body)).status).toBe(200);
    const again = await notify(body);
    expect(again.status).toBe(409);
    expect(again.body.alreadySent).toBe(1);
    expect(twilio.messages).toHaveLength(1);
  });

  test('SPEC §8 statuses: 400 no phone, 409 opted out or stale subgroup, 404 unknown, 502 provider', async () => {
    const cal = await notify({ groupId: 'g1', userFile: users.Cal.fileName, subGroupId: 's1' });
    expect(cal.status).toBe(400);
    expect(cal.body).toEqual({ error: NO_PHONE });
    expect((await notify({ groupId: 'g1', userFile: users.Dee.fileName, subGroupId: 's2' })).status).toBe(409);
    const stale = await notify({ groupId: 'g1', userFile: users.Gus.fileName, subGroupId: 's1' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toContain('reload the group');
    expect((await notify({ groupId: 'g1', userFile: users.Gus.fileName, subGroupId: 's3' })).body).toEqual({
      error: 'Subgroup not found in this group',
    });
    expect((await notify({ groupId: 'nope', userFile: users.Gus.fileName, subGroupId: 's2' })).status).toBe(404);
    expect((await notify({ groupId: 'g1', userFile: 'nobody.json', subGroupId: 's2' })).status).toBe(404);
    expect((await notify({ groupId: 'g2', userFile: users.Gus.fileName, subGroupId: 's3' })).body).toEqual({
      error: 'The user is not a member of this group',
    });
    expect(twilio.requests).toBe(0);

    // Ivy was texted by the g4 blast a moment ago; a new description makes it a new message.
    await ctx.db.updateTable('subgroups').set({ description: 'Always cheerful.' }).where('id', '=', 's4').execute();
    twilio.failNext({ status: 500, code: 20500 });
    expect((await notify({ groupId: 'g4', userFile: users.Ivy.fileName, subGroupId: 's4' })).status).toBe(409);
    const outage = await notify({ groupId: 'g4', userFile: users.Ivy.fileName, subGroupId: 's4', force: true });
    expect(outage.status).toBe(502);
    expect(outage.body.error).toBe('Problems to send SMS to Ivy (Twilio error 20500 (HTTP 500)); it will be retried automatically');
    const [retried] = await twilio.waitForMessages(1);
    expect(retried.body).toContain('Always cheerful.');
  });

  test('admins only', async () => {
    const body = { groupId: 'g1', userFile: users.Gus.fileName, subGroupId: 's2' };
    expect((await notify(body, '')).status).toBe(401);
    expect((await notify(body, await ctx.staffCookie('operator'))).status).toBe(403);
    expect((await notify(body, await ctx.userCookie(users.Gus.id))).status).toBe(403);
  });
});

describe('POST /api/send-subgroup-email', () => {
  const send = (body: object, cookie = admin) => ctx.request('POST', '/api/send-subgroup-email', { cookie, body });

  test("e-mails one member's assignment as text and HTML", async () => {
    const res = await send({ groupId: 'g1', userFile: users.Ana.fileName, subGroupId: 's1', email: 'ana.other@example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, status: 'sent', provider: 'smtp', message: 'Email sent to Ana' });
    const [mail] = sink.mails;
    expect(mail.to).toEqual(['ana.other@example.com']);
    expect(mail.subject).toBe('Your subgroup in Garden Club');
    expect(mail.text).toContain('Hi Ana! You have been matched with the subgroup "Green Thumbs" in Garden Club.');
    expect(mail.html).toContain('Green Thumbs');
    expect(mail.html).toContain('Grows tomatoes.');
  });

  test('PRODUCT §6 per member: the same notice again is 409 until forced', async () => {
    const again = await send({ groupId: 'g1', userFile: users.Ana.fileName, subGroupId: 's1', email: 'ana.other@example.com' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'The assignment e-mail was already sent to Ana; send it again to confirm',
      alreadySent: 1,
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(sink.mails).toHaveLength(0);
  });

  test('the stored e-mail is used when none is sent; none at all is 400; unknown is 404', async () => {
    expect((await send({ groupId: 'g1', userFile: users.Ana.fileName, subGroupId: 's1', email: '', force: true })).status).toBe(200);
    expect(sink.mails[0].to).toEqual(['ana@example.com']);
    const none = await send({ groupId: 'g1', userFile: users.Gus.fileName, subGroupId: 's2', email: '' });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ error: NO_EMAIL });
    expect((await send({ groupId: 'g1', userFile: 'nobody.json', subGroupId: 's2', email: 'x@example.com' })).status).toBe(404);
  });

  test('admins only', async () => {
    const body = { groupId: 'g1', userFile: users.Ana.fileName, subGroupId: 's1', email: 'a@example.com' };
    expect((await send(body, '')).status).toBe(401);
    expect((await send(body, await ctx.staffCookie('operator'))).status).toBe(403);
    expect(sink.mails).toHaveLength(0);
  });
});
