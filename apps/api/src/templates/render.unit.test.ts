import { describe, expect, it } from 'vitest';
import { placeholderCatalogue, sampleValues, TEMPLATE_CONTEXT, toLiquidScope } from './context.ts';
import { checkTemplate, renderTemplate, TOO_MUCH_WORK } from './render.ts';

describe('template context definition', () => {
  it('gives every placeholder a meaning and an example, with unique paths', () => {
    const entries = placeholderCatalogue();
    expect(new Set(entries.map((e) => e.path)).size).toBe(entries.length);
    for (const e of entries) {
      expect(e.meaning.length).toBeGreaterThan(5);
      expect(e.example.length).toBeGreaterThan(0);
      expect(e.path.startsWith(`${e.group}.`)).toBe(true);
    }
    expect(entries.length).toBe(Object.values(TEMPLATE_CONTEXT).reduce((n, g) => n + Object.keys(g.fields).length, 0));
  });

  it('nests dotted keys for Liquid', () => {
    expect(toLiquidScope({ merchant: { dba_name: 'A', 'contact.email': 'a@b.c' } })).toEqual({
      merchant: { dba_name: 'A', contact: { email: 'a@b.c' } },
    });
  });
});

describe('renderTemplate', () => {
  it('escapes printed values in email HTML but not in the subject or SMS', async () => {
    const values = { merchant: { dba_name: '<script>alert(1)</script> & Co' } };
    const emailOut = await renderTemplate(
      { channel: 'email', subject: '{{ merchant.dba_name }}', body: '<b>{{ merchant.dba_name }}</b>' },
      values,
    );
    expect(emailOut).toEqual({
      ok: true,
      result: {
        channel: 'email',
        subject: '<script>alert(1)</script> & Co',
        html: '<b>&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co</b>',
        text: '<script>alert(1)</script> & Co',
      },
      placeholders: ['merchant.dba_name'],
    });
    const sms = await renderTemplate({ channel: 'sms', body: '{{ merchant.dba_name }}' }, values);
    expect(sms).toEqual({
      ok: true,
      result: { channel: 'sms', text: '<script>alert(1)</script> & Co' },
      placeholders: ['merchant.dba_name'],
    });
  });

  it('prints nothing for a known placeholder without a value', async () => {
    const out = await renderTemplate({ channel: 'sms', body: 'MID: [{{ merchant.mid }}]' }, {});
    expect(out).toEqual({ ok: true, result: { channel: 'sms', text: 'MID: []' }, placeholders: ['merchant.mid'] });
  });

  it('holds an empty, blank, null or missing placeholder false in a condition (decision 082)', async () => {
    const body =
      '{% if merchant.mid %}Your MID is {{ merchant.mid }}.{% endif %}{% unless merchant.mid %}No MID yet.{% endunless %}';
    const cases: Record<string, unknown>[] = [{ mid: '' }, { mid: '   ' }, { mid: null }, {}];
    for (const merchant of cases) {
      const out = await renderTemplate({ channel: 'sms', body }, { merchant });
      expect(out, JSON.stringify(merchant)).toMatchObject({ ok: true, result: { text: 'No MID yet.' } });
    }
    const live = await renderTemplate({ channel: 'sms', body }, { merchant: { mid: '4455' } });
    expect(live).toMatchObject({ ok: true, result: { text: 'Your MID is 4455.' } });
    // An empty value is still the empty string: compared with "" it is equal, and it has no size.
    const compare = '{% if merchant.mid == "" %}empty{% endif %} {{ merchant.mid.size }}';
    expect(await renderTemplate({ channel: 'sms', body: compare }, { merchant: { mid: '' } })).toMatchObject({
      ok: true,
      result: { text: 'empty 0' },
    });
  });

  it('keeps the paragraphs and line breaks of a text body in the HTML, and gives it a text part', async () => {
    const body =
      'Hi {{ merchant.contact.first_name }},\n\nGood news: you are approved.\n\nThanks,\nThe onboarding team';
    const out = await renderTemplate(
      { channel: 'email', subject: 'Hi', body },
      { merchant: { 'contact.first_name': 'Maria' } },
    );
    expect(out).toMatchObject({
      ok: true,
      result: {
        html: '<p>Hi Maria,</p>\n<p>Good news: you are approved.</p>\n<p>Thanks,<br>\nThe onboarding team</p>',
        text: 'Hi Maria,\n\nGood news: you are approved.\n\nThanks,\nThe onboarding team',
      },
    });
  });

  it('allows loops, assigns and filters over known placeholders', () => {
    const body =
      '{% assign first = merchant.contact.first_name | capitalize %}{{ first }} {{ merchant.dba_name.size }}{% for i in (1..2) %}{{ forloop.index }}{% endfor %}';
    expect(checkTemplate({ channel: 'sms', body })).toEqual({});
  });

  it('stops a runaway loop instead of hanging', async () => {
    const out = await renderTemplate(
      { channel: 'sms', body: '{% for i in (1..100000000) %}{{ i }}{% endfor %}' },
      sampleValues(),
    );
    expect(out.ok).toBe(false);
  });

  it("refuses the probe's nested loop quickly, as too much work on the body", async () => {
    const body = '{% for i in (1..3000) %}{% for j in (1..3000) %}x{% endfor %}{% endfor %}';
    const out = await renderTemplate({ channel: 'sms', body }, {});
    expect(out).toEqual({ ok: false, errors: { body: [TOO_MUCH_WORK] } });
  });

  it('refuses an output of millions of characters', async () => {
    const body = '{% for i in (1..5000) %}{{ merchant.legal_name }}{% endfor %}';
    const long = { merchant: { legal_name: 'x'.repeat(400) } };
    expect(await renderTemplate({ channel: 'sms', body }, long)).toEqual({
      ok: false,
      errors: { body: [TOO_MUCH_WORK] },
    });
  });
});
