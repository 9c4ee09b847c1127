import { describe, expect, it } from 'vitest';
import type { Template, TemplatePlaceholder, TemplatePreviewResult } from '@boardwalk/shared';
import { crudContract, useCrudContext } from '../../test/crud-contract.ts';
import type { ProblemBody } from '../../test/json-client.ts';

describe('templates API', () => {
  const ctx = useCrudContext();
  const email = (body: string, subject = 'Hello {{ merchant.dba_name }}') => ({
    name: 'T',
    channel: 'email',
    subject,
    body,
  });

  crudContract(ctx, {
    path: '/api/templates',
    key: 'templates',
    subject: 'template',
    make: (tag, i) => ({
      name: `Welcome ${tag} ${'abc'[i]}`,
      channel: 'email',
      subject: 'Welcome, {{ merchant.dba_name }}',
      body: '<p>Hi {{ merchant.contact.first_name }},</p>',
    }),
    invalid: { data: { name: 'Fax', channel: 'fax', body: 'Hi' }, field: 'channel' },
    change: { description: 'Sent when the lead is created', isActive: false },
    sort: 'name',
    filter: {
      query: 'channel=sms',
      override: { channel: 'sms', subject: '' },
      matches: (row) => row.channel === 'sms',
    },
  });

  it('refuses a Liquid syntax error with its line and column', async () => {
    const res = await ctx.staff.post<ProblemBody>('/api/templates', {
      data: email('<p>Hello</p>\n{% if merchant.mid %}\nLive soon'),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.body).toEqual(['Line 2, column 1: tag {% if merchant.mid %} not closed']);
    const output = await ctx.staff.post<ProblemBody>('/api/templates', {
      data: email('ok', 'Hi {{ merchant.dba_name'),
    });
    expect(output.body.errors?.subject).toEqual([
      'Line 1, column 4: {{ merchant.dba_name is not closed: end it with }}',
    ]);
    // A line break after the opening reached the user as a literal "\n".
    const multiline = await ctx.staff.post<ProblemBody>('/api/templates', {
      data: email('Hi {{ merchant.dba_name\nSee you soon'),
    });
    expect(multiline.body.errors?.body).toEqual([
      'Line 1, column 4: {{ merchant.dba_name is not closed: end it with }}',
    ]);
  });

  it('refuses unknown placeholders, unknown filters and file tags', async () => {
    const unknown = await ctx.staff.post<ProblemBody>('/api/templates', { data: email('Hi\n  {{ merchant.dba }}') });
    expect(unknown.body.errors?.body?.[0]).toMatch(/^Line 2, column \d+: unknown placeholder \{\{ merchant\.dba \}\}/);
    const filter = await ctx.staff.post<ProblemBody>('/api/templates', {
      data: email('{{ merchant.dba_name | shout }}'),
    });
    expect(filter.body.errors?.body?.[0]).toMatch(/undefined filter: shout/);
    const include = await ctx.staff.post<ProblemBody>('/api/templates', { data: email('{% include "/etc/passwd" %}') });
    expect(include.body.errors?.body?.[0]).toMatch(/tag "include" not found/);
    const raw = await ctx.staff.post<ProblemBody>('/api/templates', { data: email('{{ merchant.dba_name | raw }}') });
    expect(raw.status).toBe(400);
  });

  it('needs a subject for an email, and drops it for an SMS', async () => {
    const noSubject = await ctx.staff.post<ProblemBody>('/api/templates', { data: email('Hi', '  ') });
    expect(noSubject.body.errors?.subject).toEqual(['Enter a subject for an email']);
    const sms = await ctx.staff.post<Template>('/api/templates', {
      data: {
        name: 'Reminder',
        channel: 'sms',
        subject: 'ignored',
        body: 'Hi {{ merchant.contact.first_name }}, we still need your documents.',
      },
    });
    expect(sms.status).toBe(201);
    expect(sms.body.subject).toBe('');
    const toEmail = await ctx.staff.patch<ProblemBody>(`/api/templates/${sms.body.id}`, {
      channel: 'email',
      updatedAt: sms.body.updatedAt,
    });
    expect(toEmail.status).toBe(400);
    expect(toEmail.body.errors?.subject).toBeDefined();
    const tooLong = await ctx.staff.post<ProblemBody>('/api/templates', {
      data: { name: 'Long', channel: 'sms', body: 'x'.repeat(1601) },
    });
    expect(tooLong.body.errors?.body).toEqual(['Keep an SMS to 1600 characters']);
  });

  it('checks the Liquid on update too and keeps the stored template on error', async () => {
    const created = (await ctx.staff.post<Template>('/api/templates', { data: email('<p>{{ agent.name }}</p>') })).body;
    const res = await ctx.staff.patch<ProblemBody>(`/api/templates/${created.id}`, {
      body: '{% for x in merchant.dba_name %}',
      updatedAt: created.updatedAt,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.body?.[0]).toMatch(/^Line 1, column 1: /);
    expect((await ctx.staff.get<Template>(`/api/templates/${created.id}`)).body.body).toBe('<p>{{ agent.name }}</p>');
  });

  it('previews an email with the sample merchant, escaping values in the HTML only', async () => {
    await ctx.staff.patch('/api/settings', { portalName: 'Tom & Jerry <Ops>' });
    const res = await ctx.staff.post<TemplatePreviewResult>('/api/templates/preview', {
      channel: 'email',
      subject: 'Welcome to {{ portal.name }}, {{ merchant.dba_name }}',
      body: '<h1>{{ portal.name }}</h1><p>{{ merchant.contact.first_name | upcase }} at {{ merchant.address.city }}</p>',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      channel: 'email',
      subject: 'Welcome to Tom & Jerry <Ops>, Blue Harbor Coffee',
      html: '<h1>Tom &amp; Jerry &lt;Ops&gt;</h1><p>MARIA at San Francisco</p>',
      // The text part that is sent with it (decision 082).
      text: 'Tom & Jerry <Ops>\n\nMARIA at San Francisco',
    });
  });

  it('previews an SMS as plain text and reports errors per field', async () => {
    const sms = await ctx.staff.post<TemplatePreviewResult>('/api/templates/preview', {
      channel: 'sms',
      body: 'Hi {{ merchant.contact.first_name }}, {{ merchant.dba_name }} is live on {{ merchant.go_live_date }}.',
    });
    expect(sms.body).toEqual({ channel: 'sms', text: 'Hi Maria, Blue Harbor Coffee is live on March 3, 2025.' });
    const bad = await ctx.staff.post<ProblemBody>('/api/templates/preview', {
      channel: 'email',
      subject: '',
      body: 'a\nb\n{% if %}',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.subject).toEqual(['Enter a subject for an email']);
    expect(bad.body.errors?.body?.[0]).toMatch(/^Line 3, column \d+: invalid value expression/);
  });

  it('lists the placeholder catalogue, every entry rendering as its example', async () => {
    const res = await ctx.staff.get<{ placeholders: TemplatePlaceholder[] }>('/api/templates/placeholders');
    expect(res.status).toBe(200);
    const { placeholders } = res.body;
    expect(placeholders).toContainEqual({
      path: 'merchant.dba_name',
      group: 'merchant',
      groupLabel: 'Merchant',
      meaning: expect.any(String),
      example: 'Blue Harbor Coffee',
    });
    expect(placeholders.map((p) => p.path)).toContain('merchant.contact.email');
    const others = placeholders.filter((p) => p.path !== 'portal.name'); // the real portal name is used
    const body = others.map((p) => `[{{ ${p.path} }}]`).join('\n');
    const preview = await ctx.staff.post<{ text: string }>('/api/templates/preview', { channel: 'sms', body });
    expect(preview.status).toBe(200);
    expect(preview.body.text).toBe(others.map((p) => `[${p.example}]`).join('\n'));
  });

  it('keeps preview and placeholders from agents and anonymous callers', async () => {
    const body = { channel: 'sms', body: 'Hi' };
    expect((await ctx.agent.post('/api/templates/preview', body)).status).toBe(403);
    expect((await ctx.agent.get('/api/templates/placeholders')).status).toBe(403);
    expect((await ctx.anon.post('/api/templates/preview', body)).status).toBe(401);
    expect((await ctx.anon.get('/api/templates/placeholders')).status).toBe(401);
  });
});
