/**
 * The template context definition: every placeholder a template may use, with its meaning and
 * an example. The renderer's sample merchant (preview), the placeholder check on save and the
 * /template/wiki catalogue are all generated from this one object, so they cannot drift apart.
 * Whoever renders a real message (emails, stage actions, automations) fills a TemplateValues.
 */
type Placeholder = { meaning: string; example: string };
type Group = { label: string; fields: Record<string, Placeholder> };

export const TEMPLATE_CONTEXT = {
  merchant: {
    label: 'Merchant',
    fields: {
      dba_name: { meaning: 'Doing-business-as name: the name customers know', example: 'Blue Harbor Coffee' },
      legal_name: { meaning: 'Registered legal name of the business', example: 'Blue Harbor Coffee LLC' },
      stage: { meaning: 'Current onboarding stage', example: 'Application Received' },
      pipeline: { meaning: 'Pipeline of the current stage (Sales, Underwriting, Operations, ...)', example: 'Sales' },
      mid: { meaning: 'Merchant ID from the processor (empty until boarded)', example: '445500123456789' },
      'contact.first_name': { meaning: 'First name of the main contact', example: 'Maria' },
      'contact.last_name': { meaning: 'Last name of the main contact', example: 'Lopez' },
      'contact.full_name': { meaning: 'First and last name of the main contact', example: 'Maria Lopez' },
      'contact.email': { meaning: 'Email address of the main contact', example: 'maria@blueharbor.example' },
      'contact.phone': { meaning: 'Phone number of the main contact', example: '(415) 555-0134' },
      'address.line1': { meaning: 'Street address of the business', example: '1450 Embarcadero' },
      'address.city': { meaning: 'City of the business', example: 'San Francisco' },
      'address.state': { meaning: 'State of the business', example: 'CA' },
      'address.postal_code': { meaning: 'ZIP code of the business', example: '94133' },
      website: { meaning: 'Website of the business', example: 'https://blueharbor.example' },
      monthly_volume: { meaning: 'Expected monthly card volume, formatted', example: '$45,000.00' },
      average_ticket: { meaning: 'Average sale amount, formatted', example: '$18.50' },
      missing_documents: {
        meaning:
          'Onboarding documents not uploaded yet (application, identification, bank statement, voided check), comma-separated',
        example: 'Bank statement, Voided check',
      },
      decision_reason: {
        meaning: 'Reason given with the underwriting decision',
        example: 'Approved with standard reserve',
      },
      go_live_date: { meaning: 'Date the merchant went live, formatted', example: 'March 3, 2025' },
      url: {
        meaning: 'Link to the merchant in the portal',
        example: 'https://portal.example.com/merchant/view/0190a2b4',
      },
    },
  },
  owner: {
    label: 'Owner',
    fields: {
      name: { meaning: 'Name of the first owner (principal) of the business', example: 'Maria Lopez' },
      first_name: { meaning: 'First name of the first owner', example: 'Maria' },
      last_name: { meaning: 'Last name of the first owner', example: 'Lopez' },
      title: { meaning: 'Title of the first owner', example: 'Managing Member' },
      email: { meaning: 'Email address of the first owner', example: 'maria@blueharbor.example' },
      phone: { meaning: 'Phone number of the first owner', example: '(415) 555-0134' },
    },
  },
  agent: {
    label: 'Agent',
    fields: {
      name: { meaning: 'Name of the agent who brought the merchant', example: 'Dana Reyes' },
      code: { meaning: 'Agent code', example: 'DR-104' },
      email: { meaning: 'Email address of the agent', example: 'dana.reyes@example.com' },
      phone: { meaning: 'Phone number of the agent', example: '(312) 555-0188' },
    },
  },
  company: {
    label: 'Company',
    fields: {
      name: {
        meaning: 'Processor, sponsor bank or partner ISO the merchant is boarded with',
        example: 'Harborline Payments',
      },
    },
  },
  industry: {
    label: 'Industry',
    fields: {
      name: { meaning: 'Industry of the merchant', example: 'Eating Places, Restaurants' },
      mcc: { meaning: 'Merchant category code', example: '5812' },
    },
  },
  assigned_user: {
    label: 'Assigned staff member',
    fields: {
      name: { meaning: 'Name of the staff member handling the merchant', example: 'Sam Carter' },
      email: { meaning: 'Email address of the staff member', example: 'sam.carter@example.com' },
      phone: { meaning: 'Phone number of the staff member', example: '(646) 555-0102' },
    },
  },
  portal: {
    label: 'Portal',
    fields: {
      name: { meaning: 'Portal name (global setting)', example: 'Boardwalk' },
      support_email: { meaning: 'Support email address (global setting)', example: 'support@example.com' },
      url: { meaning: 'Address of the portal', example: 'https://portal.example.com' },
    },
  },
  date: {
    label: 'Date',
    fields: {
      today: { meaning: 'Date the message is sent, formatted', example: 'June 14, 2025' },
    },
  },
} as const satisfies Record<string, Group>;

type Context = typeof TEMPLATE_CONTEXT;
export type TemplateGroup = keyof Context;

/** The values a real message is rendered with: group → placeholder key → text. */
export type TemplateValues = { [G in TemplateGroup]: Partial<Record<keyof Context[G]['fields'], string>> };

/** Every placeholder with a value ('' when the merchant has none): what a real message is rendered with. */
export type CompleteTemplateValues = { [G in TemplateGroup]: Record<keyof Context[G]['fields'], string> };

export type PlaceholderEntry = {
  path: string;
  group: TemplateGroup;
  groupLabel: string;
  meaning: string;
  example: string;
};

const GROUPS = Object.keys(TEMPLATE_CONTEXT) as TemplateGroup[];

/** Every placeholder, in definition order: the /template/wiki catalogue. */
export function placeholderCatalogue(): PlaceholderEntry[] {
  return GROUPS.flatMap((group) => {
    const { label, fields } = TEMPLATE_CONTEXT[group] as Group;
    return Object.entries(fields).map(([key, p]) => ({ path: `${group}.${key}`, group, groupLabel: label, ...p }));
  });
}

/** The placeholder paths a template may print. */
export const PLACEHOLDER_PATHS: ReadonlySet<string> = new Set(placeholderCatalogue().map((p) => p.path));

/**
 * Turns `{ merchant: { 'contact.email': x } }` into the nested scope Liquid reads. A blank value
 * (spaces only) becomes "", which the engine holds false in a condition like a missing one.
 */
export function toLiquidScope(values: Partial<TemplateValues>): Record<string, unknown> {
  const scope: Record<string, Record<string, unknown>> = {};
  for (const [group, fields] of Object.entries(values)) {
    const target = (scope[group] ??= {});
    for (const [key, value] of Object.entries(fields ?? {})) {
      const parts = key.split('.');
      let node = target;
      for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
      node[parts.at(-1) as string] = typeof value === 'string' && value.trim() === '' ? '' : value;
    }
  }
  return scope;
}

/** The sample merchant of the preview: every placeholder set to its example. */
export function sampleValues(): TemplateValues {
  const values = {} as Record<string, Record<string, string>>;
  for (const entry of placeholderCatalogue()) {
    (values[entry.group] ??= {})[entry.path.slice(entry.group.length + 1)] = entry.example;
  }
  return values as TemplateValues;
}
