import type { TemplateChannel } from '@boardwalk/shared';

type DemoTemplate = { name: string; channel: TemplateChannel; subject: string; body: string; description: string };

const signature = `<p>Kind regards,<br>{{ assigned_user.name }}<br>{{ portal.name }} Merchant Onboarding<br>
<a href="mailto:{{ portal.support_email }}">{{ portal.support_email }}</a></p>`;

/** Message templates for the onboarding journey; every placeholder comes from templates/context.ts. */
export const DEMO_TEMPLATES: readonly DemoTemplate[] = [
  {
    name: 'Welcome',
    channel: 'email',
    description: 'Sent when a new lead is created',
    subject: 'Welcome to {{ portal.name }}, {{ merchant.dba_name }}',
    body: `<p>Hi {{ merchant.contact.first_name }},</p>
<p>Thank you for your interest in accepting cards with us. {{ agent.name }} will be your point of contact
and can be reached at {{ agent.phone }} or {{ agent.email }}.</p>
<p>Next, we will send you a short merchant application. It takes about 15 minutes to complete.</p>
${signature}`,
  },
  {
    name: 'Application sent',
    channel: 'email',
    description: 'Sent with the link to the merchant application',
    subject: 'Your merchant application for {{ merchant.dba_name }}',
    body: `<p>Hi {{ merchant.contact.first_name }},</p>
<p>Your merchant application for <strong>{{ merchant.dba_name }}</strong> is ready. Please have your voided
business check and the last three months of bank statements at hand.</p>
${signature}`,
  },
  {
    name: 'Application received',
    channel: 'email',
    description: 'Confirms that the signed application arrived',
    subject: 'We received the application for {{ merchant.dba_name }}',
    body: `<p>Hi {{ merchant.contact.first_name }},</p>
<p>We received the signed application for {{ merchant.legal_name }} (DBA {{ merchant.dba_name }}) on {{ date.today }}.
It is now with our underwriting team; most decisions take one to two business days.</p>
${signature}`,
  },
  {
    name: 'Documents missing',
    channel: 'email',
    description: 'Asks the merchant for the documents underwriting still needs',
    subject: 'Action needed: documents for {{ merchant.dba_name }}',
    body: `<p>Hi {{ merchant.contact.first_name }},</p>
<p>To finish reviewing your application we still need:</p>
<p><strong>{{ merchant.missing_documents }}</strong></p>
<p>You can reply to this email with the files attached.</p>
${signature}`,
  },
  {
    name: 'Application approved',
    channel: 'email',
    description: 'Underwriting approved the merchant',
    subject: 'Good news: {{ merchant.dba_name }} is approved',
    body: `<p>Hi {{ merchant.contact.first_name }},</p>
<p>Your application has been approved. {% if merchant.decision_reason != blank %}Note from underwriting:
{{ merchant.decision_reason }}.{% endif %}</p>
<p>Our operations team will now board your account with {{ company.name }} and ship your equipment.</p>
${signature}`,
  },
  {
    name: 'Application declined',
    channel: 'email',
    description: 'Underwriting declined the merchant',
    subject: 'Your application for {{ merchant.dba_name }}',
    body: `<p>Hi {{ merchant.contact.first_name }},</p>
<p>Thank you for applying. After careful review we are unable to approve the application for
{{ merchant.dba_name }} at this time.</p>
{% if merchant.decision_reason != blank %}<p>Reason: {{ merchant.decision_reason }}</p>{% endif %}
<p>If your circumstances change, {{ agent.name }} will be glad to help you apply again.</p>
${signature}`,
  },
  {
    name: 'You are live',
    channel: 'email',
    description: 'Sent when the merchant goes live',
    subject: '{{ merchant.dba_name }} is live: your merchant ID',
    body: `<p>Hi {{ merchant.contact.first_name }},</p>
<p>{{ merchant.dba_name }} went live on {{ merchant.go_live_date }}. Your merchant ID (MID) is
<strong>{{ merchant.mid }}</strong>; keep it handy when you contact support.</p>
${signature}`,
  },
  {
    name: 'New lead for agent',
    channel: 'email',
    description: 'Tells the agent about a new lead assigned to them',
    subject: 'New lead: {{ merchant.dba_name }} ({{ industry.name }})',
    body: `<p>Hi {{ agent.name }},</p>
<p>A new lead was assigned to your code {{ agent.code }}:</p>
<p>{{ merchant.dba_name }}<br>{{ merchant.contact.full_name }} · {{ merchant.contact.phone }} · {{ merchant.contact.email }}<br>
{{ merchant.address.city }}, {{ merchant.address.state }} · MCC {{ industry.mcc }}</p>
<p><a href="{{ merchant.url }}">Open the merchant in {{ portal.name }}</a></p>`,
  },
  {
    name: 'Stage overdue (internal)',
    channel: 'email',
    description: 'Warns the assigned staff member that a merchant passed the stage SLA',
    subject: 'Overdue: {{ merchant.dba_name }} in {{ merchant.stage }}',
    body: `<p>Hi {{ assigned_user.name }},</p>
<p>{{ merchant.dba_name }} has been in <strong>{{ merchant.stage }}</strong> ({{ merchant.pipeline }}) longer than
its SLA.</p>
<p><a href="{{ merchant.url }}">Open the merchant</a></p>`,
  },
  {
    name: 'Application reminder (SMS)',
    channel: 'sms',
    description: 'Nudges a merchant who has not returned the application',
    subject: '',
    body: 'Hi {{ merchant.contact.first_name }}, this is {{ agent.name }} from {{ portal.name }}. Your application for {{ merchant.dba_name }} is waiting for you. Questions? Call {{ agent.phone }}.',
  },
  {
    name: 'Documents reminder (SMS)',
    channel: 'sms',
    description: 'Reminds the merchant of missing documents',
    subject: '',
    body: '{{ portal.name }}: we still need {{ merchant.missing_documents }} for {{ merchant.dba_name }}. Reply to our email or call {{ agent.phone }}.',
  },
  {
    name: 'Go-live (SMS)',
    channel: 'sms',
    description: 'Short go-live confirmation',
    subject: '',
    body: '{{ merchant.dba_name }} is live! Your MID is {{ merchant.mid }}. Welcome aboard, {{ portal.name }}.',
  },
];
