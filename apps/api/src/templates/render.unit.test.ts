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
      },
    });
    const sms = await renderTemplate({ channel: 'sms', body: '{{ merchant.dba_name }}' }, values);
    expect(sms).toEqual({ ok: true, result: { channel: 'sms', text: '<script>alert(1)</script> & Co' } });
  });

  it('prints nothing for a known placeholder without a value', async () => {
    const out = await renderTemplate({ channel: 'sms', body: 'MID: [{{ merchant.mid }}]' }, {});
    expect(out).toEqual({ ok: true, result: { channel: 'sms', text: 'MID: []' } });
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
