// The bench's community (bench:insights): MEMBERS members in GROUPS groups with the loop's progress as a real
// community would show it: most invited, fewer opening and talking, a profile for most who talked, subgroups of
// about five, the assignment SMS mostly delivered, about half meeting and some meeting again; plus test users
// (never counted) and the other outbox traffic (invitations) the told query has to look past. Members who talked
// answered the loneliness scale at intake, and those who met answered it again later (a little less lonely).
import type postgres from 'postgres';

export async function seedCommunity(sql: postgres.Sql, members: number, groups: number) {
  await sql.unsafe(`
    select setseed(0.2026);
    create temp table draw as
      select i, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7, random() r8,
        random() * 40 as h0
      from generate_series(1, ${members}) i;

    insert into groups (id, name) select 'bg' || g, 'Neighbourhood ' || lpad(g::text, 3, '0') from generate_series(1, ${groups}) g;
    insert into subgroups (id, group_id, name, description)
      select 'bs' || g || '_' || s, 'bg' || g, 'Circle ' || s, 'Likes walks' from generate_series(1, ${groups}) g, generate_series(1, 4) s;
    insert into campaigns (id, kind, group_id, scope) select 'bc' || g, 'assignment-sms', 'bg' || g, 'blast' from generate_series(1, ${groups}) g;
    insert into campaigns (id, kind, group_id, scope) select 'bi' || g, 'invite-sms', 'bg' || g, 'blast' from generate_series(1, ${groups}) g;

    -- Each step's time: hours after the member was added; a step is reached with the odds of a real loop.
    create temp table progress as
      select i, 'bg' || (1 + i % ${groups}) as group_id, 'bs' || (1 + i % ${groups}) || '_' || (1 + (i / ${groups}) % 4) as subgroup_id,
        case when r1 < 0.95 then h0 end as t1,
        case when r1 < 0.95 and r2 < 0.8 then h0 + 2 + r2 * 30 end as t2,
        case when r1 < 0.95 and r2 < 0.8 and r3 < 0.85 then h0 + 40 + r3 * 60 end as t3,
        case when r1 < 0.95 and r2 < 0.8 and r3 < 0.85 and r4 < 0.9 then h0 + 110 + r4 * 10 end as t4,
        case when r1 < 0.95 and r2 < 0.8 and r3 < 0.85 and r4 < 0.9 and r5 < 0.92 then 300.0 end as t5,
        case when r1 < 0.95 and r2 < 0.8 and r3 < 0.85 and r4 < 0.9 and r5 < 0.92 and r6 < 0.9 then 301 + r6 * 20 end as t6,
        case when r1 < 0.95 and r2 < 0.8 and r3 < 0.85 and r4 < 0.9 and r5 < 0.92 and r6 < 0.9 and r7 < 0.55 then 480 + r7 * 200 end as t7,
        case when r1 < 0.95 and r2 < 0.8 and r3 < 0.85 and r4 < 0.9 and r5 < 0.92 and r6 < 0.9 and r7 < 0.55 and r8 < 0.45 then 1100 + r8 * 300 end as t8,
        r6, r7, r8
      from draw;

    insert into users (id, name, file_name, phone_number, invited_at, link_opened_at, talked_at, profiled_at, profile_for_group, is_test_user, created_at)
      select 'bu' || i, 'Member ' || i, 'member-' || i || '.json', '+1415555' || lpad((i % 10000)::text, 4, '0'),
        now() - interval '90 days' + t1 * interval '1 hour', now() - interval '90 days' + t2 * interval '1 hour',
        now() - interval '90 days' + t3 * interval '1 hour', now() - interval '90 days' + t4 * interval '1 hour',
        case when t4 is not null then 'Enjoys walks.' else '' end, false, now() - interval '90 days'
      from progress;
    insert into group_members (group_id, user_id, subgroup_id, assigned_at)
      select group_id, 'bu' || i, case when t5 is not null then subgroup_id end,
        case when t5 is not null then now() - interval '90 days' + t5 * interval '1 hour' end
      from progress;
    -- Test users go through everything and are never counted.
    insert into users (id, name, file_name, is_test_user, invited_at, link_opened_at, talked_at, profiled_at)
      select 'bt' || g, 'Test ' || g, 'test-' || g || '.json', true, now(), now(), now(), now() from generate_series(1, ${groups}) g;
    insert into group_members (group_id, user_id, subgroup_id, assigned_at)
      select 'bg' || g, 'bt' || g, 'bs' || g || '_1', now() from generate_series(1, ${groups}) g;

    insert into voice_sessions (id, user_id, module_name, started_at, ended_at)
      select 'bv' || i || '_' || n, 'bu' || i, (array['Get to Know You', 'Weekend Plans', 'Neighbours', 'Hobbies'])[1 + (i + n) % 4],
        now() - interval '90 days' + (t3 + n * 24) * interval '1 hour', now() - interval '90 days' + (t3 + n * 24 + 0.3) * interval '1 hour'
      from progress, generate_series(0, 2) n where t3 is not null and n <= i % 3;

    insert into outbox (unique_key, campaign_id, user_id, channel, kind, to_address, body, status, created_at, sent_at)
      select 'binv' || i, 'bi' || (1 + i % ${groups}), 'bu' || i, 'sms', 'invite-sms', '+14155550000', 'Your link', 'delivered',
        now() - interval '90 days' + t1 * interval '1 hour', now() - interval '90 days' + t1 * interval '1 hour'
      from progress where t1 is not null;
    insert into outbox (unique_key, campaign_id, user_id, channel, kind, to_address, body, status, created_at, sent_at)
      select 'bas' || i, 'bc' || (1 + i % ${groups}), 'bu' || i, 'sms', 'assignment-sms', '+14155550000', 'Your circle',
        case when t6 is not null then (array['sent', 'delivered', 'kept'])[1 + i % 3] else 'failed' end,
        now() - interval '90 days' + coalesce(t6, 301) * interval '1 hour', now() - interval '90 days' + coalesce(t6, 301) * interval '1 hour'
      from progress where t5 is not null;

    insert into met_asks (id, group_id, user_id, subgroup_id, round, channel, asked_at, last_asked_at, answer, answered_at, answered_via)
      select 'bm' || i, group_id, 'bu' || i, subgroup_id, 'met', 'sms',
        now() - interval '90 days' + (t6 + 168) * interval '1 hour', now() - interval '90 days' + (t6 + 168) * interval '1 hour',
        case when t7 is not null then 'yes' when r7 < 0.75 then 'no' when r7 < 0.85 then 'later' end,
        case when t7 is not null then now() - interval '90 days' + t7 * interval '1 hour'
          when r7 < 0.85 then now() - interval '90 days' + (t6 + 200) * interval '1 hour' end,
        case when r7 < 0.85 then 'sms' end
      from progress where t6 is not null;
    insert into met_asks (id, group_id, user_id, subgroup_id, round, channel, asked_at, last_asked_at, answer, answered_at, answered_via)
      select 'bma' || i, group_id, 'bu' || i, subgroup_id, 'met_again', 'card',
        now() - interval '90 days' + 1000 * interval '1 hour', now() - interval '90 days' + 1000 * interval '1 hour',
        case when t8 is not null then 'yes' when r8 < 0.7 then 'no' end,
        case when t8 is not null then now() - interval '90 days' + t8 * interval '1 hour' end,
        case when t8 is not null or r8 < 0.7 then 'card' end
      from progress where t7 is not null;

    insert into wellbeing_answers (id, user_id, module_name, phase, lack_companionship, left_out, isolated, score, recorded_at)
      select 'bwi' || i, 'bu' || i, 'Get to Know You', 'intake', a, b, c, a + b + c, now() - interval '90 days' + t3 * interval '1 hour'
      from (select i, t3, 1 + floor(random() * 3)::int a, 1 + floor(random() * 3)::int b, 1 + floor(random() * 3)::int c
        from progress where t3 is not null) x;
    insert into wellbeing_answers (id, user_id, module_name, phase, lack_companionship, left_out, isolated, score, recorded_at)
      select 'bwl' || i, 'bu' || i, 'Get to Know You', 'later', a, b, c, a + b + c, now() - interval '90 days' + t7 * interval '1 hour'
      from (select i, t7, 1 + floor(random() * 2.4)::int a, 1 + floor(random() * 2.4)::int b, 1 + floor(random() * 2.4)::int c
        from progress where t7 is not null) x;
    analyze;
  `);
}
